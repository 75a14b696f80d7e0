import { describe, expect, it } from 'vitest'
import { FALLBACK_RATES_PER_USD } from '#shared/money.ts'
import { maxPriceTexts, priceVerdict } from './wanted-prices.ts'

const rates = FALLBACK_RATES_PER_USD
// €45.00 in pounds at the built-in rates (0.73 GBP, 0.85 EUR per US dollar): 45 × 0.73 / 0.85.
const euros = { maxPrice: '38.65', maxPriceOriginal: '45.00', currency: 'EUR' }

describe('maxPriceTexts', () => {
  it('shows the limit in the display currency, and the file’s amount when it was another currency', () => {
    expect(maxPriceTexts(euros, { currency: 'USD', rates })).toEqual({
      amount: '$52.95',
      inFile: '€45.00 in the file',
    })
    expect(maxPriceTexts(euros, { currency: 'GBP', rates })).toEqual({
      amount: '£38.65',
      inFile: '€45.00 in the file',
    })
  })

  it('shows the file’s own amount when it is in the display currency (no round trip through pounds)', () => {
    expect(maxPriceTexts(euros, { currency: 'EUR', rates })).toEqual({ amount: '€45.00', inFile: null })
    expect(
      maxPriceTexts(
        { maxPrice: '0.62', maxPriceOriginal: '100', currency: 'JPY' },
        { currency: 'JPY', rates },
      ),
    ).toEqual({ amount: '¥100', inFile: null })
  })

  it('has nothing to say without a limit, and names a currency it cannot convert by its code', () => {
    expect(
      maxPriceTexts({ maxPrice: null, maxPriceOriginal: null, currency: null }, { currency: 'USD', rates }),
    ).toBeNull()
    expect(
      maxPriceTexts(
        { maxPrice: '20.00', maxPriceOriginal: null, currency: null },
        { currency: 'USD', rates },
      ),
    ).toEqual({ amount: '$27.40', inFile: null })
    expect(
      maxPriceTexts(
        { maxPrice: '20.00', maxPriceOriginal: '100.00', currency: 'PLN' },
        { currency: 'GBP', rates },
      ),
    ).toEqual({ amount: '£20.00', inFile: 'PLN 100.00 in the file' })
  })
})

describe('priceVerdict', () => {
  it('compares today’s fair price with the limit exactly, in pounds', () => {
    expect(priceVerdict({ maxPrice: '38.65', fairPriceGbp: '38.65' })).toBe('within')
    expect(priceVerdict({ maxPrice: '38.65', fairPriceGbp: '30' })).toBe('within')
    expect(priceVerdict({ maxPrice: '38.65', fairPriceGbp: '38.66' })).toBe('above')
  })

  it('says nothing without a limit or a price', () => {
    expect(priceVerdict({ maxPrice: null, fairPriceGbp: '30.00' })).toBeNull()
    expect(priceVerdict({ maxPrice: '38.65', fairPriceGbp: null })).toBeNull()
  })
})
