import { describe, expect, it } from 'vitest'
import { FALLBACK_RATES_PER_USD } from '#shared/money.ts'
import { historyBehind, historyChartData } from './price-history-chart.ts'

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

describe('historyBehind', () => {
  it('asks again for a history read before the recompute the summary shows', () => {
    expect(historyBehind('2026-11-27T09:00:00.000Z', '2026-11-27T09:00:01.250Z')).toBe(true)
    // The summary knows of a first recompute that the history was read before.
    expect(historyBehind(null, '2026-11-27T09:00:01.250Z')).toBe(true)
  })

  it('keeps a history as current as the summary, or one the summary is not yet loaded to judge', () => {
    expect(historyBehind('2026-11-27T09:00:01.250Z', '2026-11-27T09:00:01.250Z')).toBe(false)
    // Read after a later recompute than the summary's: the summary is the one behind, and it polls.
    expect(historyBehind('2026-11-27T09:00:02.000Z', '2026-11-27T09:00:01.250Z')).toBe(false)
    expect(historyBehind(null, null)).toBe(false)
    expect(historyBehind(undefined, '2026-11-27T09:00:01.250Z')).toBe(false)
    expect(historyBehind('2026-11-27T09:00:01.250Z', undefined)).toBe(false)
  })
})
