import { describe, expect, it } from 'vitest'
import type { Alert } from '#shared/contract/alerts.ts'
import {
  alertChanges,
  alertEditSchema,
  alertEditValues,
  alertFormSchema,
  EMPTY_ALERT_VALUES,
} from './alert-form.ts'

const check = (values: Partial<typeof EMPTY_ALERT_VALUES>) =>
  alertFormSchema(7, 'EUR').safeParse({ ...EMPTY_ALERT_VALUES, conditionId: '3', ...values })

const messages = (result: ReturnType<typeof check>) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('the Set Price Alert form', () => {
  it('sends the item, condition, direction, threshold in the display currency and active', () => {
    expect(check({ thresholdValue: ' 45.5 ' }).data).toEqual({
      itemId: 7,
      conditionId: 3,
      direction: 'below',
      thresholdValue: '45.5',
      currency: 'EUR',
      active: true,
    })
  })

  it("says the spec's words for a missing or non-positive threshold, and asks for a condition", () => {
    expect(messages(check({ thresholdValue: '' }))).toEqual(['Price threshold is required'])
    expect(messages(check({ thresholdValue: '0' }))).toEqual(['Price must be positive'])
    expect(messages(check({ thresholdValue: '-3' }))).toEqual(['Price must be positive'])
    expect(messages(check({ conditionId: '', thresholdValue: '5' }))).toEqual(['Please select a condition'])
  })
})

describe('the Edit Price Alert form', () => {
  const alert: Alert = {
    id: 11,
    itemId: 7,
    item: { id: 7, number: '10497-1', name: 'Galaxy Explorer', slug: '10497-1', imageUrl: null, type: 'set' },
    conditionId: 3,
    condition: 'New/Sealed',
    grade: 'new',
    direction: 'below',
    thresholdValue: '350.00',
    currency: 'EUR',
    active: false,
    lastTriggered: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    rearmsPast: null,
    fairPriceGbp: '300.00',
  }
  const start = alertEditValues(alert)

  it('starts from the alert as it is, and sends nothing when nothing changed', () => {
    expect(start).toEqual({ conditionId: '3', direction: 'below', thresholdValue: '350.00', active: false })
    expect(alertChanges(alert, start)).toBeNull()
    // The same amount written another way is no change (a PATCH would re-arm the alert).
    expect(alertChanges(alert, { ...start, thresholdValue: ' 350 ' })).toBeNull()
  })

  it('sends only what changed, a new threshold in the currency the alert was set in', () => {
    expect(alertChanges(alert, { ...start, direction: 'above' })).toEqual({ direction: 'above' })
    expect(alertChanges(alert, { ...start, active: true })).toEqual({ active: true })
    expect(alertChanges(alert, { ...start, thresholdValue: '325.5' })).toEqual({
      thresholdValue: '325.5',
      currency: 'EUR',
    })
  })

  it("says the spec's words for a missing or non-positive threshold", () => {
    const edit = (thresholdValue: string) =>
      alertEditSchema(alert)
        .safeParse({ ...start, thresholdValue })
        .error?.issues.map((issue) => issue.message)
    expect(edit('')).toEqual(['Price threshold is required'])
    expect(edit('-1')).toEqual(['Price must be positive'])
    expect(edit('12.5')).toBeUndefined()
  })
})
