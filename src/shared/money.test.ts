import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CURRENCY_CODES } from './contract/values.ts'
import {
  CURRENCIES,
  type CurrencyCode,
  convertAmount,
  FALLBACK_RATES_PER_USD,
  formatPrice,
  gbpValuesFromRatesPerUsd,
  isAtOrBelow,
  isSameAmount,
  movedByPercent,
  ratesPerUsdFromGbpValues,
  sumAmounts,
} from './money.ts'

const currency = fc.constantFrom(...CURRENCY_CODES)
/** Amounts in pence up to £10 million, as decimal strings. */
const amount = fc.integer({ min: 0, max: 1_000_000_000 }).map((pence) => new Big(pence).div(100).toFixed(2))

describe('the ten currencies', () => {
  it('are the spec’s, with their symbols', () => {
    expect(CURRENCIES.map((c) => `${c.code} ${c.symbol}`)).toEqual([
      'USD $',
      'EUR €',
      'GBP £',
      'CAD C$',
      'AUD A$',
      'JPY ¥',
      'CHF CHF',
      'SEK kr',
      'NOK kr',
      'DKK kr',
    ])
    for (const c of CURRENCIES) expect(c.name.length).toBeGreaterThan(0)
  })
})

describe('formatPrice (spec 01 §5)', () => {
  it('converts pounds to the chosen currency with the built-in rates', () => {
    expect(formatPrice('73.00', 'USD')).toBe('$100.00')
    expect(formatPrice('73.00', 'GBP')).toBe('£73.00')
    expect(formatPrice('73.00', 'EUR')).toBe('€85.00')
    expect(formatPrice('734.99', 'JPY')).toBe('¥110,752')
    expect(formatPrice('7300', 'JPY')).toBe('¥1,100,000')
    expect(formatPrice('1.00', 'SEK')).toBe('kr11.64')
    expect(formatPrice('1.00', 'CHF')).toBe('CHF1.26')
  })

  it('shows a collection’s amounts in euros and yen as My Collection does (golden cases)', () => {
    // The e2e collection-values spec's figures in pounds: value 92, cost 50, P&L 42, and the rows' amounts.
    const pounds = ['92', '50', '42', '80', '30', '40', '12', '20', '8']
    expect(pounds.map((amount) => formatPrice(amount, 'EUR'))).toEqual([
      '€107.12',
      '€58.22',
      '€48.90',
      '€93.15',
      '€34.93',
      '€46.58',
      '€13.97',
      '€23.29',
      '€9.32',
    ])
    expect(pounds.map((amount) => formatPrice(amount, 'JPY'))).toEqual([
      '¥13,863',
      '¥7,534',
      '¥6,329',
      '¥12,055',
      '¥4,521',
      '¥6,027',
      '¥1,808',
      '¥3,014',
      '¥1,205',
    ])
  })

  it('shows the symbol and 0.00 for empty or non-numeric values', () => {
    for (const value of [null, undefined, '', 'abc', 'NaN', '12abc']) {
      expect(formatPrice(value, 'USD')).toBe('$0.00')
      expect(formatPrice(value, 'JPY')).toBe('¥0.00')
    }
  })

  it('puts the sign of a loss before the symbol', () => {
    expect(formatPrice('-73', 'USD')).toBe('-$100.00')
    expect(formatPrice('-7.30', 'JPY')).toBe('-¥1,100')
  })

  it('uses the rates it is given', () => {
    expect(formatPrice('10', 'USD', { ...FALLBACK_RATES_PER_USD, GBP: '0.8' })).toBe('$12.50')
  })

  it('always gives the symbol and a well-formed number', () => {
    fc.assert(
      fc.property(amount, currency, (value, code) => {
        const text = formatPrice(value, code)
        const { symbol } = CURRENCIES.find((c) => c.code === code) as (typeof CURRENCIES)[number]
        expect(text.startsWith(symbol)).toBe(true)
        const number = text.slice(symbol.length)
        if (code === 'JPY') expect(number).toMatch(/^\d{1,3}(,\d{3})*$/)
        else expect(number).toMatch(/^\d+\.\d{2}$/)
      }),
    )
  })
})

describe('convertAmount', () => {
  it('is exact decimal arithmetic, not floating point', () => {
    expect(convertAmount('0.1', 'USD', 'USD')).toBe('0.10')
    expect(convertAmount('0.30', 'GBP', 'USD', { ...FALLBACK_RATES_PER_USD, GBP: '0.75' })).toBe('0.40')
  })

  it('keeps order: a larger amount never converts to a smaller one', () => {
    fc.assert(
      fc.property(amount, amount, currency, currency, (a, b, from, to) => {
        const [low, high] = new Big(a).lte(b) ? [a, b] : [b, a]
        expect(new Big(convertAmount(low, from, to)).lte(convertAmount(high, from, to))).toBe(true)
      }),
    )
  })

  it('comes back to within a cent or two after a round trip', () => {
    fc.assert(
      fc.property(amount, currency, (value, to: CurrencyCode) => {
        const there = convertAmount(value, 'GBP', to)
        const back = convertAmount(there, to, 'GBP')
        // Rounding to 2 decimals in `to` loses at most half a unit of `to`, worth this much in pounds.
        const tolerance = new Big(FALLBACK_RATES_PER_USD.GBP)
          .div(FALLBACK_RATES_PER_USD[to])
          .div(2)
          .plus(0.01)
        expect(new Big(back).minus(value).abs().lte(tolerance)).toBe(true)
      }),
    )
  })

  it('refuses something that is not an amount', () => {
    expect(() => convertAmount('ten', 'USD', 'EUR')).toThrow('Not an amount: ten')
  })
})

describe('sumAmounts', () => {
  it('adds decimal strings exactly', () => {
    expect(sumAmounts(['0.10', '0.20', '0.30'])).toBe('0.60')
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 50 }), (values) => {
        const pence = values.reduce((total, value) => total + Math.round(Number(value) * 100), 0)
        expect(sumAmounts(values)).toBe((pence / 100).toFixed(2))
      }),
    )
  })
})

describe('movedByPercent', () => {
  it('moves an amount by a percentage of itself exactly, rounding half up to the penny', () => {
    expect(movedByPercent('27.40', -10)).toBe('24.66')
    expect(movedByPercent('27.40', 20)).toBe('32.88')
    // 0.1 × 0.95 = 0.095: half a penny, up (a float gives 0.09499…).
    expect(movedByPercent('0.10', -5)).toBe('0.10')
    expect(movedByPercent('0.30', -5)).toBe('0.29')
    expect(movedByPercent('19.99', 0)).toBe('19.99')
    fc.assert(
      fc.property(amount, fc.integer({ min: -99, max: 500 }), (value, percent) => {
        const exact = new Big(value).times(100 + percent).times(100)
        // In hundredths of a penny: the rounded result is within half a penny of the exact one.
        const moved = new Big(movedByPercent(value, percent)).times(10_000)
        expect(moved.minus(exact).abs().lte(50)).toBe(true)
      }),
    )
  })

  it('refuses what is not an amount or a percentage', () => {
    expect(() => movedByPercent('abc', 10)).toThrow(/Not an amount/)
    expect(() => movedByPercent('10', Number.NaN)).toThrow(/Not an amount/)
  })
})

describe('isSameAmount', () => {
  it('compares decimal strings exactly, however they are written', () => {
    expect(isSameAmount('350', '350.00')).toBe(true)
    expect(isSameAmount('350.0', 350)).toBe(true)
    expect(isSameAmount('0350.10', '350.1')).toBe(true)
    expect(isSameAmount('350.01', '350.00')).toBe(false)
    expect(isSameAmount('350.001', '350.00')).toBe(false)
  })

  it('is false when either is not an amount', () => {
    expect(isSameAmount(null, null)).toBe(false)
    expect(isSameAmount('', '')).toBe(false)
    expect(isSameAmount('ten', 'ten')).toBe(false)
  })
})

describe('isAtOrBelow', () => {
  it('compares decimal strings exactly', () => {
    expect(isAtOrBelow('30', '30.00')).toBe(true)
    expect(isAtOrBelow('38.65', '38.65')).toBe(true)
    expect(isAtOrBelow('38.66', '38.65')).toBe(false)
    expect(isAtOrBelow('38.649', '38.65')).toBe(true)
    // Where binary floating point would round: 0.1 + 0.2 > 0.3 in floats, not here.
    expect(isAtOrBelow(sumAmounts(['0.1', '0.2']), '0.3')).toBe(true)
    expect(isAtOrBelow('1000000.01', '999999.99')).toBe(false)
  })

  it('is false without a price or without a limit', () => {
    expect(isAtOrBelow(null, '10.00')).toBe(false)
    expect(isAtOrBelow('10.00', null)).toBe(false)
    expect(isAtOrBelow(undefined, undefined)).toBe(false)
    expect(isAtOrBelow('ten', '10.00')).toBe(false)
  })

  it('agrees with comparing the amounts in pence', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const pence = (value: string) => Math.round(Number(value) * 100)
        expect(isAtOrBelow(a, b)).toBe(pence(a) <= pence(b))
      }),
    )
  })
})

describe('rates per US dollar and values in pounds', () => {
  it('convert into each other', () => {
    const values = gbpValuesFromRatesPerUsd(FALLBACK_RATES_PER_USD)
    expect(values.GBP).toBe('1')
    expect(values.USD).toBe('0.73')
    const back = ratesPerUsdFromGbpValues(values)
    // Six decimals of pounds per unit (the spec's fx scale) keep rates within 0.01 %.
    for (const code of CURRENCY_CODES) {
      const relativeError = new Big(back?.[code] ?? 0).div(FALLBACK_RATES_PER_USD[code]).minus(1).abs()
      expect(relativeError.lt(0.0001)).toBe(true)
    }
  })

  it('need every currency', () => {
    expect(ratesPerUsdFromGbpValues({ USD: '0.73', GBP: '1' })).toBeUndefined()
  })
})
