import { describe, expect, it } from 'vitest'
import { basisNote, originallyText, salesRecordedText } from './market-texts.ts'

describe('salesRecordedText', () => {
  it("is the spec's 'N sale(s) recorded'", () => {
    expect(salesRecordedText(0)).toBe('0 sale(s) recorded')
    expect(salesRecordedText(1)).toBe('1 sale(s) recorded')
    expect(salesRecordedText(12)).toBe('12 sale(s) recorded')
  })
})

describe('originallyText', () => {
  it('names the currency and amount a sale was paid in when it was not pounds', () => {
    expect(originallyText({ currency: 'USD', originalPrice: '100.00' })).toBe('Originally USD 100.00')
    expect(originallyText({ currency: 'EUR', originalPrice: '49.9' })).toBe('Originally EUR 49.90')
    expect(originallyText({ currency: 'JPY', originalPrice: '15000' })).toBe('Originally JPY 15000.00')
  })

  it('is nothing for a sale in pounds', () => {
    expect(originallyText({ currency: 'GBP', originalPrice: '100.00' })).toBeNull()
    expect(originallyText({ currency: 'gbp', originalPrice: '100.00' })).toBeNull()
  })
})

describe('basisNote', () => {
  it('explains a fair price standing on older sales', () => {
    expect(basisNote('90d')).toBeNull()
    expect(basisNote('365d')).toMatch(/last 365 days/)
    expect(basisNote('all')).toMatch(/all recorded sales/)
    expect(basisNote('marketplace')).toBeNull()
  })
})
