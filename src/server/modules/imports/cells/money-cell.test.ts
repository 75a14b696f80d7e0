import { describe, expect, it } from 'vitest'
import { readMoney } from './money-cell.ts'

const money = (raw: string, fileCurrency?: 'EUR') => readMoney(raw, { column: 'Paid', fileCurrency })

describe('readMoney', () => {
  it.each([
    ['€69.99', '69.99', 'EUR'],
    ['69,99 €', '69.99', 'EUR'],
    ['$1,234.56', '1234.56', 'USD'],
    ['1.234,56', '1234.56', null],
    ['1 234,56', '1234.56', null],
    ['1\u00a0234,56 €', '1234.56', 'EUR'],
    ["CHF 1'234.50", '1234.50', 'CHF'],
    ['US $12.00', '12.00', 'USD'],
    ['EUR 12', '12.00', 'EUR'],
    ['12 EUR', '12.00', 'EUR'],
    ['£40', '40.00', 'GBP'],
    ['C$15.50', '15.50', 'CAD'],
    ['CA$ 15.50', '15.50', 'CAD'],
    ['A$20', '20.00', 'AUD'],
    ['AU$20', '20.00', 'AUD'],
    ['¥5,000', '5000.00', 'JPY'],
    ['249 kr', '249.00', null],
    ['SEK 249', '249.00', 'SEK'],
    ['12.5000', '12.50', null],
    ['2.1250', '2.13', null],
    ['0.125', '0.13', null],
    ['12.345', '12.35', null],
    ['1,752', '1752.00', null],
    ['0,125', '0.13', null],
    ['1,2345', '1.23', null],
    ['.99', '0.99', null],
  ])('reads %s as %s %s', (raw, amount, currency) => {
    expect(money(raw)).toEqual({ amount, currency })
  })

  it('is no cell at all when empty: unknown, never 0', () => {
    expect(money('')).toBeNull()
    expect(money('   ')).toBeNull()
    expect(money('N/A')).toBeNull()
  })

  it("takes the file's currency when the cell names none, and the cell's own symbol over it", () => {
    expect(money('12.00', 'EUR')).toEqual({ amount: '12.00', currency: 'EUR' })
    expect(money('$12.00', 'EUR')).toEqual({ amount: '12.00', currency: 'USD' })
    expect(money('12 kr', 'EUR')).toEqual({ amount: '12.00', currency: null })
  })

  it('rejects a currency Brickfolio does not keep, saying which', () => {
    expect(() => money('1 299 zł')).toThrow('Paid "1 299 zł" is in PLN, a currency Brickfolio does not keep')
    expect(() => money('PLN 40')).toThrow('is in PLN')
    expect(() => money('NZ$40')).toThrow('is in NZD')
  })

  it('rejects what is not an amount, naming the column and the value', () => {
    for (const raw of ['abc', '1O5.00', '12.34.56,7', '1,23,45', '12.34567', '€ 12 $', '--5', '12,-']) {
      expect(() => money(raw), raw).toThrow(/^Paid ".*" (is not an amount|names two currencies)$/)
    }
  })

  it('refuses a negative amount unless asked (BrickLink MAXPRICE -1)', () => {
    expect(() => money('-1.0000')).toThrow('Paid "-1.0000" is negative')
    expect(readMoney('-1.0000', { column: 'MAXPRICE', allowNegative: true })).toEqual({
      amount: '-1.00',
      currency: null,
    })
    expect(readMoney('-$5', { column: 'x', allowNegative: true })).toEqual({
      amount: '-5.00',
      currency: 'USD',
    })
  })

  it('refuses an amount too large for a price column', () => {
    expect(() => money('100000000')).toThrow('is too large')
    expect(money('99999999.99')).toEqual({ amount: '99999999.99', currency: null })
  })
})
