import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ageInDays,
  confidenceFor,
  type PricedSale,
  saleColumns,
  summarizeColumns,
  summarizeSales,
  weightedMedian,
} from './pricing.ts'

const sale = (priceGbp: string, saleDate: string, id?: number): PricedSale => ({ priceGbp, saleDate, id })
const AS_OF = '2026-06-30'

describe('golden cases (worked by hand)', () => {
  it('weighs the last 90 days by recency', () => {
    const summary = summarizeSales(
      [
        sale('100', '2026-06-30'), // age 0, weight 1
        sale('120', '2026-06-20'), // age 10, weight e^(-1/3) ≈ 0.717
        sale('80', '2026-05-31'), // age 30, weight e^-1 ≈ 0.368
        sale('200', '2026-04-01'), // age 90: outside the 90-day window
      ],
      AS_OF,
    )
    // Ordered by price: 80 (0.368), 100 (1), 120 (0.717); half of 2.084 is 1.042, reached at 100.
    expect(summary).toEqual({
      fairPrice: '100.00',
      confidence: 'LOW',
      basis: '90d',
      basisCount: 3,
      // 30-day average (100 + 120) / 2 = 110 against 80 the 30 days before: +37.5 %.
      trend: '37.50',
      volume30d: 2,
      lastSale: { priceGbp: '100.00', saleDate: '2026-06-30' },
      avg30d: '110.00',
      avg90d: '100.00',
      salesCount90d: 3,
      salesCount: 4,
      hasData: true,
    })
  })

  it('falls back to 365 days with fewer than 3 sales in 90 days', () => {
    const summary = summarizeSales(
      [sale('50', '2026-05-01'), sale('70', '2026-01-01'), sale('90', '2025-09-01')],
      AS_OF,
    )
    // Weights e^-2, e^-6, e^-10.07: the 60-day-old sale carries almost all of it.
    expect(summary).toMatchObject({ fairPrice: '50.00', basis: '365d', basisCount: 3, confidence: 'LOW' })
    expect(summary).toMatchObject({
      trend: null,
      volume30d: 0,
      avg30d: null,
      avg90d: '50.00',
      salesCount90d: 1,
    })
  })

  it('falls back to all time, and old sales do not vanish into 0 weight', () => {
    const summary = summarizeSales([sale('10', '1968-01-01'), sale('30', '1969-01-01')], AS_OF)
    expect(summary).toMatchObject({ fairPrice: '30.00', basis: 'all', basisCount: 2, hasData: true })
  })

  it('uses marketplace data with MEDIUM confidence when there are no sales', () => {
    expect(summarizeSales([], AS_OF, '45.5')).toMatchObject({
      fairPrice: '45.50',
      confidence: 'MEDIUM',
      basis: 'marketplace',
      hasData: true,
      salesCount: 0,
    })
  })

  it('has no data, LOW, without sales or marketplace data', () => {
    expect(summarizeSales([], AS_OF)).toMatchObject({
      fairPrice: null,
      confidence: 'LOW',
      basis: 'none',
      hasData: false,
      lastSale: null,
      trend: null,
    })
  })

  it('ignores sales after the day it is computed for', () => {
    const summary = summarizeSales([sale('10', '2026-06-01'), sale('999', '2026-07-01')], AS_OF)
    expect(summary).toMatchObject({ salesCount: 1, lastSale: { priceGbp: '10.00', saleDate: '2026-06-01' } })
  })

  it('rates confidence by the sales of the last 90 days: HIGH from 10, MEDIUM from 5', () => {
    const days = Array.from({ length: 10 }, (_, i) => `2026-06-${String(i + 10).padStart(2, '0')}`)
    expect(
      summarizeSales(
        days.map((day) => sale('20', day)),
        AS_OF,
      ).confidence,
    ).toBe('HIGH')
    expect(
      summarizeSales(
        days.slice(0, 5).map((day) => sale('20', day)),
        AS_OF,
      ).confidence,
    ).toBe('MEDIUM')
    const old = days.map((day) => sale('20', day.replace('2026', '2025')))
    expect(summarizeSales(old, AS_OF)).toMatchObject({ basis: 'all', basisCount: 10, confidence: 'LOW' })
    expect([confidenceFor(4), confidenceFor(5), confidenceFor(9), confidenceFor(10)]).toEqual([
      'LOW',
      'MEDIUM',
      'MEDIUM',
      'HIGH',
    ])
  })

  it('takes the lower middle price when the weights split exactly in half', () => {
    expect(
      weightedMedian([
        { price: '20', weight: 1 },
        { price: '10', weight: 1 },
      ]),
    ).toBe('10.00')
  })

  it('takes the lower middle of two prices beyond any sale as well (their median sorted by comparing)', () => {
    // Two sales today weigh alike; one 1,000 days old makes every sale count (too little to move the split).
    const sales = [sale('175921860445.16', AS_OF), sale('175921860444.16', AS_OF), sale('1.00', '2023-10-04')]
    expect(summarizeSales(sales, AS_OF)).toMatchObject({ fairPrice: '175921860444.16', basis: 'all' })
  })

  it('averages exactly, rounding half up', () => {
    const summary = summarizeSales([sale('0.01', '2026-06-29'), sale('0.02', '2026-06-29')], AS_OF)
    expect(summary.avg30d).toBe('0.02')
  })

  it('averages the largest prices a sale holds exactly, halves rounded up', () => {
    const summary = summarizeSales(
      [
        sale('99999999.99', '2026-06-29'),
        sale('99999999.98', '2026-06-29'),
        sale('99999999.97', '2026-06-28'),
      ],
      AS_OF,
    )
    expect(summary.avg30d).toBe('99999999.98')
    const two = summarizeSales([sale('99999999.99', '2026-06-29'), sale('99999999.98', '2026-06-29')], AS_OF)
    expect(two.avg90d).toBe('99999999.99')
  })

  it('names the later of two sales on one day by record order', () => {
    const summary = summarizeSales([sale('5', '2026-06-29', 2), sale('7', '2026-06-29', 1)], AS_OF)
    expect(summary.lastSale?.priceGbp).toBe('5.00')
  })

  it('counts days between dates', () => {
    expect(ageInDays('2026-06-01', '2026-06-30')).toBe(29)
    expect(ageInDays('2026-03-28', '2026-03-30')).toBe(2)
  })
})

const dayBefore = (days: number) =>
  new Date(Date.parse(`${AS_OF}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
const price = fc.integer({ min: 1, max: 10_000_000 }).map((pence) => new Big(pence).div(100).toFixed(2))
const saleWithin = (days: number) =>
  fc.record({ priceGbp: price, saleDate: fc.integer({ min: 0, max: days }).map(dayBefore) })
const salesList = fc
  .array(saleWithin(2000), { minLength: 1, maxLength: 40 })
  .map((sales) => sales.map((entry, id) => ({ ...entry, id })))

describe('properties', () => {
  it('the fair price lies between the lowest and the highest price', () => {
    fc.assert(
      fc.property(salesList, (sales) => {
        const fair = summarizeSales(sales, AS_OF).fairPrice as string
        const prices = sales.map((entry) => new Big(entry.priceGbp))
        const min = prices.reduce((a, b) => (a.lt(b) ? a : b))
        const max = prices.reduce((a, b) => (a.gt(b) ? a : b))
        expect(new Big(fair).gte(min) && new Big(fair).lte(max)).toBe(true)
      }),
    )
  })

  it('the order of the sales does not matter', () => {
    fc.assert(
      fc.property(salesList, fc.integer(), (sales, seed) => {
        const shuffled = [...sales].sort((a, b) => ((a.id * 7919 + seed) % 97) - ((b.id * 7919 + seed) % 97))
        expect(summarizeSales(shuffled, AS_OF)).toEqual(summarizeSales(sales, AS_OF))
      }),
    )
  })

  it('a sale far in the past moves the fair price less than the same sale today', () => {
    fc.assert(
      fc.property(
        fc.array(saleWithin(89), { minLength: 3, maxLength: 30 }),
        price,
        fc.integer({ min: 1, max: 3000 }),
        (sales, p, age) => {
          const base = new Big(summarizeSales(sales, AS_OF).fairPrice as string)
          const withOld = new Big(
            summarizeSales([...sales, { priceGbp: p, saleDate: dayBefore(age) }], AS_OF).fairPrice as string,
          )
          const withNew = new Big(
            summarizeSales([...sales, { priceGbp: p, saleDate: AS_OF }], AS_OF).fairPrice as string,
          )
          expect(withOld.minus(base).abs().lte(withNew.minus(base).abs())).toBe(true)
        },
      ),
    )
  })

  it('confidence never falls when a recent sale is added', () => {
    const rank = { LOW: 0, MEDIUM: 1, HIGH: 2 }
    fc.assert(
      fc.property(salesList, price, (sales, p) => {
        const before = summarizeSales(sales, AS_OF).confidence
        const after = summarizeSales([...sales, { priceGbp: p, saleDate: AS_OF }], AS_OF).confidence
        expect(rank[after]).toBeGreaterThanOrEqual(rank[before])
      }),
    )
  })

  it('averages and volume agree with the sales of their windows', () => {
    fc.assert(
      fc.property(salesList, (sales) => {
        const summary = summarizeSales(sales, AS_OF)
        const recent = sales.filter((entry) => ageInDays(entry.saleDate, AS_OF) < 30)
        expect(summary.volume30d).toBe(recent.length)
        if (recent.length > 0) {
          const total = recent.reduce((sum, entry) => sum.plus(entry.priceGbp), new Big(0))
          expect(
            new Big(summary.avg30d as string)
              .times(recent.length)
              .minus(total)
              .abs()
              .lte(recent.length * 0.005),
          ).toBe(true)
        }
      }),
    )
  })
})

/**
 * The fair price as pricing.ts computed it before it read sales by column (ADR 026), kept as the oracle: an object
 * per sale, windows by filtering, the weighted median by sorting objects.
 */
function referenceSummary(allSales: PricedSale[], asOf: string, marketplacePrice?: string | null) {
  const toPence = (price: string) => Math.round(Number(price) * 100)
  const penceText = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`
  const average = (values: number[]) =>
    values.length === 0
      ? null
      : Number(
          new Big(values.reduce((total, value) => total + value, 0))
            .div(values.length)
            .round(0, Big.roundHalfUp)
            .toString(),
        )
  const asOfMs = Date.parse(`${asOf}T00:00:00Z`)
  const aged = allSales
    .map((entry) => ({
      sale: entry,
      age: Math.round((asOfMs - Date.parse(`${entry.saleDate}T00:00:00Z`)) / 86_400_000),
      pence: toPence(entry.priceGbp),
    }))
    .filter((entry) => entry.age >= 0)
  const within = (days: number) => aged.filter((entry) => entry.age < days)
  let basis: string = 'none'
  let basisSales: typeof aged = []
  for (const [window, days] of [
    ['90d', 90],
    ['365d', 365],
    ['all', Number.POSITIVE_INFINITY],
  ] as const) {
    basisSales = within(days)
    basis = window
    if (basisSales.length >= 3) break
  }
  const youngest = basisSales.reduce((min, entry) => Math.min(min, entry.age), Number.POSITIVE_INFINITY)
  const sorted = basisSales
    .map((entry) => ({ pence: entry.pence, weight: Math.exp(-(entry.age - youngest) / 30) }))
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => a.pence - b.pence)
  const total = sorted.reduce((sum, entry) => sum + entry.weight, 0)
  let running = 0
  let median: number | null = sorted.at(-1)?.pence ?? null
  for (const entry of sorted) {
    running += entry.weight
    if (running >= total / 2 - total * 1e-12) {
      median = entry.pence
      break
    }
  }
  let fairPrice = median === null ? null : penceText(median)
  let confidence = confidenceFor(within(90).length)
  if (aged.length === 0) {
    basis = 'none'
    basisSales = []
    if (marketplacePrice) {
      basis = 'marketplace'
      fairPrice = new Big(marketplacePrice).toFixed(2)
      confidence = 'MEDIUM'
    }
  }
  const isLater = (a: PricedSale, b: PricedSale) => {
    if (a.saleDate !== b.saleDate) return a.saleDate > b.saleDate
    if (a.id !== undefined && b.id !== undefined && a.id !== b.id) return a.id > b.id
    return new Big(a.priceGbp).gt(b.priceGbp)
  }
  const newest = aged.reduce<(typeof aged)[number] | null>(
    (latest, entry) => (latest && !isLater(entry.sale, latest.sale) ? latest : entry),
    null,
  )
  const avg30 = average(within(30).map((entry) => entry.pence))
  const before = average(
    aged.filter((entry) => entry.age >= 30 && entry.age < 60).map((entry) => entry.pence),
  )
  const avg90 = average(within(90).map((entry) => entry.pence))
  return {
    fairPrice,
    confidence,
    basis,
    basisCount: basisSales.length,
    trend:
      avg30 !== null && before !== null && before > 0
        ? new Big(avg30 - before).div(before).times(100).round(2, Big.roundHalfUp).toFixed(2)
        : null,
    volume30d: within(30).length,
    lastSale: newest ? { priceGbp: penceText(newest.pence), saleDate: newest.sale.saleDate } : null,
    avg30d: avg30 === null ? null : penceText(avg30),
    avg90d: avg90 === null ? null : penceText(avg90),
    salesCount90d: within(90).length,
    salesCount: aged.length,
    hasData: fairPrice !== null,
  }
}

describe('by column, as before by object', () => {
  it('gives the summary the object-based computation gave, on any day', () => {
    fc.assert(
      fc.property(salesList, fc.integer({ min: 0, max: 2100 }), (sales, back) => {
        const day = dayBefore(back)
        expect(summarizeSales(sales, day)).toEqual(referenceSummary(sales, day))
      }),
      { numRuns: 500 },
    )
  })

  it('gives it for prices beyond any sale (the median then sorted by comparing), and sales decades old', () => {
    // Far above what a sale can hold (99,999,999.99), yet 30 of them still sum exactly in a double.
    const huge = fc.integer({ min: 2 ** 44, max: 2 ** 48 }).map((pence) => new Big(pence).div(100).toFixed(2))
    const back = (days: number) =>
      new Date(Date.parse(`${AS_OF}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
    const within = (days: number) => fc.integer({ min: 0, max: days }).map(back)
    for (const [prices, days] of [
      // Days close together weigh nearly alike, so the median depends on the order of the prices.
      [fc.oneof(price, huge), fc.oneof(within(3), within(60), within(700))],
      [price, within(28_000)],
    ] as const) {
      fc.assert(
        fc.property(
          fc.array(fc.record({ priceGbp: prices, saleDate: days }), { minLength: 1, maxLength: 30 }),
          (sales) => {
            expect(summarizeSales(sales, AS_OF)).toEqual(referenceSummary(sales, AS_OF))
          },
        ),
      )
    }
  })

  it('gives it for windows of thousands of sales (the median narrowed by price ranges before any sort)', () => {
    const back = (days: number) =>
      new Date(Date.parse(`${AS_OF}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
    const pence = (max: number) =>
      fc.integer({ min: 1, max }).map((value) => new Big(value).div(100).toFixed(2))
    // Few distinct prices (ties, and ranges holding one price), prices of every size, and weights that underflow.
    for (const [prices, days] of [
      [pence(40), 60],
      [fc.oneof(pence(3_000), pence(9_999_999_999)), 400],
      [
        fc.oneof(
          price,
          pence(100).map((p) => `${p}000`),
        ),
        28_000,
      ],
    ] as const) {
      fc.assert(
        fc.property(
          fc.array(fc.record({ priceGbp: prices, saleDate: fc.integer({ min: 0, max: days }).map(back) }), {
            minLength: 49,
            maxLength: 3_000,
            size: 'max',
          }),
          (sales) => {
            expect(summarizeSales(sales, AS_OF)).toEqual(referenceSummary(sales, AS_OF))
          },
        ),
        { numRuns: 60 },
      )
    }
  })

  it('reads a window of columns as the whole list: each day of a price history from one set of columns', () => {
    fc.assert(
      fc.property(salesList, fc.integer({ min: 0, max: 2100 }), (sales, back) => {
        const day = dayBefore(back)
        expect(summarizeColumns(saleColumns(sales), day)).toEqual(summarizeSales(sales, day))
      }),
    )
  })
})
