import { describe, expect, it } from 'vitest'
import type { Alert } from '#shared/contract/alerts.ts'
import { FALLBACK_RATES_PER_USD } from '#shared/money.ts'
import {
  alertChanges,
  alertEditSchema,
  alertEditValues,
  alertFormSchema,
  EMPTY_ALERT_VALUES,
  firesOnCreateText,
  firesOnSaveText,
  thresholdFromFairPrice,
} from './alert-form.ts'

const check = (values: Partial<typeof EMPTY_ALERT_VALUES>) =>
  alertFormSchema(7, 'EUR').safeParse({ ...EMPTY_ALERT_VALUES, conditionId: '3', ...values })

const messages = (result: ReturnType<typeof check>) =>
  result.error?.issues.map((issue) => issue.message) ?? []

/** A paused alert below €350 on a set whose fair price is £300 (€337.50 at 0.8 pounds and 0.9 euros to the dollar). */
const galaxy: Alert = {
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
  pausedUntil: null,
  lastTriggered: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  rearmsPast: null,
  fairPriceGbp: '300.00',
  fairPriceUpdatedAt: '2026-12-01T09:00:00.000Z',
  fairPriceBasis: '90d',
}

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
  const alert = galaxy
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

describe('the dialogs say when the alert would fire as soon as it is sent', () => {
  // 0.8 pounds and 0.9 euros to the dollar: £300 is €337.50.
  const rates = { ...FALLBACK_RATES_PER_USD, GBP: '0.8', EUR: '0.9' }
  const values = { ...EMPTY_ALERT_VALUES, conditionId: '3' }

  it("on creating, when today's price already holds the threshold typed, in its currency", () => {
    expect(firesOnCreateText('300.00', 'EUR', { ...values, thresholdValue: '337.50' }, rates)).toBe(
      "Today's fair price is already at or below your threshold: the alert fires as soon as it is created.",
    )
    expect(firesOnCreateText('300.00', 'EUR', { ...values, thresholdValue: '337.49' }, rates)).toBeNull()
    expect(
      firesOnCreateText('300.00', 'EUR', { ...values, direction: 'above', thresholdValue: '337.50' }, rates),
    ).toBe(
      "Today's fair price is already at or above your threshold: the alert fires as soon as it is created.",
    )
  })

  it('not while paused, without a price, or before the threshold is one the form would send', () => {
    const reached = { ...values, thresholdValue: '400' }
    expect(firesOnCreateText('300.00', 'EUR', { ...reached, active: false }, rates)).toBeNull()
    expect(firesOnCreateText(null, 'EUR', reached, rates)).toBeNull()
    expect(firesOnCreateText('300.00', 'EUR', { ...reached, thresholdValue: '' }, rates)).toBeNull()
    expect(firesOnCreateText('300.00', 'EUR', { ...reached, thresholdValue: '400.001' }, rates)).toBeNull()
  })

  const alert: Alert = { ...galaxy, id: 12, thresholdValue: '400.00' }
  const start = alertEditValues(alert)

  it('on saving: resuming an alert ready to fire, or a new threshold or direction that holds', () => {
    expect(firesOnSaveText(alert, { ...start, active: true }, rates)).toBe(
      "Today's fair price is already at or below your threshold: the alert fires as soon as it is saved.",
    )
    expect(firesOnSaveText(alert, start, rates)).toBeNull()
    expect(firesOnSaveText(alert, { ...start, active: true, thresholdValue: '300' }, rates)).toBeNull()
  })

  it('not for an alert that fired and waits to re-arm, unless its threshold or direction changes', () => {
    const fired = { ...alert, active: true, lastTriggered: '2026-12-02T10:00:00.000Z', rearmsPast: '408.00' }
    const firedStart = alertEditValues(fired)
    expect(firesOnSaveText(fired, firedStart, rates)).toBeNull()
    expect(firesOnSaveText(fired, { ...firedStart, thresholdValue: '380' }, rates)).toMatch(
      /as soon as it is saved/,
    )
    expect(firesOnSaveText(fired, { ...firedStart, direction: 'above', thresholdValue: '300' }, rates)).toBe(
      "Today's fair price is already at or above your threshold: the alert fires as soon as it is saved.",
    )
  })
})

describe("the dialogs' shortcuts set the threshold a percentage past today's fair price", () => {
  it('converts the fair price into the alert currency, then moves it, in the direction of the alert', () => {
    // £300 is €349.32 at 0.73 pounds and 0.85 euros to the dollar; 10 % below is €314.388, 20 % above €419.184.
    expect(thresholdFromFairPrice('300.00', 'EUR', FALLBACK_RATES_PER_USD, 'below', 10)).toBe('314.39')
    expect(thresholdFromFairPrice('300.00', 'EUR', FALLBACK_RATES_PER_USD, 'above', 20)).toBe('419.18')
    expect(thresholdFromFairPrice('19.99', 'GBP', FALLBACK_RATES_PER_USD, 'below', 5)).toBe('18.99')
  })

  it('gives a threshold the alert takes, and one that does not fire the moment it is created', () => {
    const values = { ...EMPTY_ALERT_VALUES, conditionId: '3' }
    for (const direction of ['below', 'above'] as const) {
      const thresholdValue = thresholdFromFairPrice('300.00', 'EUR', FALLBACK_RATES_PER_USD, direction, 5)
      expect(check({ direction, thresholdValue }).success).toBe(true)
      expect(
        firesOnCreateText('300.00', 'EUR', { ...values, direction, thresholdValue }, FALLBACK_RATES_PER_USD),
      ).toBeNull()
    }
  })
})
