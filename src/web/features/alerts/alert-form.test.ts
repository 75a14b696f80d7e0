import { describe, expect, it } from 'vitest'
import { alertFormSchema, EMPTY_ALERT_VALUES } from './alert-form.ts'

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
