import { describe, expect, it } from 'vitest'
import { FALLBACK_RATES_PER_USD } from '#shared/money.ts'
import { basisNote, historyChartData, originallyText, salesRecordedText } from './market-format.ts'

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

describe('historyChartData', () => {
  const rates = FALLBACK_RATES_PER_USD

  it('holds each price until the next point, through today', () => {
    const points = [
      { date: '2026-03-01', fairPrice: '80.00' },
      { date: '2026-03-04', fairPrice: '100.00' },
    ]
    const data = historyChartData(points, '2026-03-06', 'GBP', rates)
    expect(data.dates).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ])
    expect(data.pricesGbp).toEqual(['80.00', '80.00', '80.00', '100.00', '100.00', '100.00'])
    expect(data.values).toEqual([80, 80, 80, 100, 100, 100])
  })

  it('sorts the points, and the later of two points on one day wins', () => {
    const points = [
      { date: '2026-03-03', fairPrice: '90.00' },
      { date: '2026-03-02', fairPrice: '70.00' },
      { date: '2026-03-03', fairPrice: '95.00' },
    ]
    const data = historyChartData(points, '2026-03-03', 'GBP', rates)
    expect(data.dates).toEqual(['2026-03-02', '2026-03-03'])
    expect(data.pricesGbp).toEqual(['70.00', '95.00'])
  })

  it('gives the axis values in the display currency, the hover prices in pounds', () => {
    const data = historyChartData([{ date: '2026-03-10', fairPrice: '100.00' }], '2026-03-10', 'USD', rates)
    expect(data.dates).toEqual(['2026-03-10'])
    expect(data.pricesGbp).toEqual(['100.00'])
    // 100 GBP at 0.73 GBP per USD.
    expect(data.values).toEqual([136.99])
  })

  it('crosses month and year ends, and ends at the last point when it is after today', () => {
    const data = historyChartData([{ date: '2025-12-30', fairPrice: '10.00' }], '2026-01-02', 'GBP', rates)
    expect(data.dates).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02'])
    const ahead = historyChartData([{ date: '2026-01-05', fairPrice: '10.00' }], '2026-01-02', 'GBP', rates)
    expect(ahead.dates).toEqual(['2026-01-05'])
  })

  it('draws very long histories point by point instead of day by day', () => {
    const points = [
      { date: '1949-01-01', fairPrice: '1.00' },
      { date: '2026-01-01', fairPrice: '2.00' },
    ]
    const data = historyChartData(points, '2026-01-02', 'GBP', rates)
    expect(data.dates).toEqual(['1949-01-01', '2026-01-01'])
  })

  it('is empty without points', () => {
    expect(historyChartData([], '2026-01-02', 'GBP', rates)).toEqual({ dates: [], pricesGbp: [], values: [] })
  })
})
