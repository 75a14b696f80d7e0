import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { todayUtc } from '#shared/dates.ts'
import {
  collectionApi,
  setRetailPrices,
  storeTodaysRates,
  summaryOf,
  total,
  UNROUND_RATES,
  userIdOf,
} from '../support/collection-api.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Issue 12: Home, My Collection, Analytics and `GET /api/me/stats` agree to the penny — with and without
 * entries the market has not priced, with and without entries whose price paid is unknown, with the
 * retail estimate on and off. Each screen's own request is made (Home and Analytics read the five most
 * valuable entries with the summary, My Collection a page of 10, the profile the stats), and every total
 * is also recomputed from the entries themselves.
 */
const context = setupTestApp({ readCacheTtlMs: 60_000 })
const COLLECTIONS = ['pricedOnly', 'withUnpriced', 'withUnknownCost', 'everything'] as const
type Collector = (typeof COLLECTIONS)[number]
let people: Record<Collector | 'trusted', string>
let api: ReturnType<typeof collectionApi>
const ids = { galaxy: 0, falcon: 0, figure: 0, germanOnly: 0, sealed: 0 }

const SCREEN_QUERIES = {
  myCollection: '?limit=10&offset=0',
  homeMostValuable: '?limit=5&offset=0&sort=value&direction=desc',
  homeRecent: '?limit=5&offset=0&sort=added&direction=desc',
  sortedByPnl: '?limit=3&offset=0&sort=pnl&direction=asc',
  filtered: '?limit=10&offset=0&filter=gainers',
}

beforeAll(async () => {
  const { app, database } = context
  const db = database.db
  api = collectionApi(app, db)
  people = await signUpPeople(app, db, [...COLLECTIONS, 'trusted'])
  const rows = await queryRows<{ key: string; id: number }>(
    db,
    sql`select 'galaxy' as key, id from items where number = '10497-1'
      union all select 'falcon', id from items where number = '75192-1'
      union all select 'germanOnly', id from items where number = '10294-1'
      union all select 'figure', id from items where number = 'sw0002'
      union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  for (const row of rows) ids[row.key as keyof typeof ids] = row.id
  expect(Object.values(ids).every(Boolean)).toBe(true)
  await setRetailPrices(app, ids.falcon, { US: '849.99', UK: '734.99', DE: '799.99' })
  await setRetailPrices(app, ids.germanOnly, { DE: '679.99' })
  await setRetailPrices(app, ids.galaxy, { US: '99.99' })
  await storeTodaysRates(db, UNROUND_RATES)
  // Fair price £101.37 today and £97.13 yesterday, so the 24-hour change and P&L are not round.
  for (const [price, saleDate] of [
    ['97.13', new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)],
    ['101.37', todayUtc()],
  ] as const) {
    const sale = await app.inject({
      method: 'POST',
      url: `/api/items/${ids.galaxy}/sales`,
      headers: { cookie: people.trusted },
      payload: { price, currency: 'GBP', conditionId: ids.sealed, saleDate, source: 'eBay' },
    })
    expect(sale.statusCode, sale.body).toBe(201)
  }
  // Prices are recomputed after commit: the collection reads them once they have been.
  await pricesSettled(app)

  const sealed = (itemId: number, quantity: number, pricePaid: string, currency = 'EUR') => ({
    itemId,
    condition: 'New/Sealed',
    quantity,
    pricePaid,
    currency,
  })
  for (const collector of COLLECTIONS) {
    const cookie = people[collector]
    await api.add(cookie, sealed(ids.galaxy, 2, '83.33'))
    if (collector === 'withUnpriced' || collector === 'everything') {
      await api.add(cookie, sealed(ids.falcon, 1, '699.99', 'USD'))
      await api.add(cookie, sealed(ids.germanOnly, 3, '555.55', 'GBP'))
      await api.add(cookie, { itemId: ids.figure, condition: 'Used', pricePaid: '4.99', currency: 'CAD' })
    }
    if (collector === 'withUnknownCost' || collector === 'everything') {
      const owner = await userIdOf(app, cookie)
      await api.insertUnknownCost(owner, { itemId: ids.galaxy, condition: 'New/Sealed', quantity: 3 })
      if (collector === 'everything')
        await api.insertUnknownCost(owner, { itemId: ids.falcon, condition: 'Used/Complete', quantity: 2 })
    }
  }
})

async function expectAgreement(collector: Collector) {
  const cookie = people[collector]
  const entries = await api.entries(cookie)
  const { summary } = await api.page(cookie)
  expect(summary, 'the summary is the sum of the entries').toMatchObject(summaryOf(entries))
  for (const [screen, query] of Object.entries(SCREEN_QUERIES))
    expect((await api.page(cookie, query)).summary, screen).toEqual(summary)

  const stats = await api.stats(cookie)
  expect(stats).toMatchObject({
    collectionCount: summary.totalItems,
    totalValue: summary.totalValue,
    estimatedEntries: summary.estimatedEntries,
    estimatedValue: summary.estimatedValue,
  })
  for (const range of ['90d', '1y', 'all']) {
    const portfolio = await api.portfolio(cookie, range)
    expect(portfolio.totalRoiPercent, range).toBe(summary.unrealizedPnlPercent)
    expect(portfolio.timeline.at(-1), range).toEqual({
      date: todayUtc(),
      value: summary.totalValue,
      costBasis: summary.pricedCost,
    })
    expect(total(portfolio.byType.map((row) => row.value)), range).toBe(summary.totalValue)
    expect(total(portfolio.byTheme.map((row) => row.value)), range).toBe(summary.totalValue)
    expect(total(portfolio.byType.map((row) => row.costBasis)), range).toBe(summary.costBasis)
  }
  return summary
}

describe.each([
  { estimate: false, currency: 'USD' },
  { estimate: true, currency: 'USD' },
  { estimate: true, currency: 'GBP' },
])('with the retail estimate $estimate (display currency $currency)', ({ estimate, currency }) => {
  beforeAll(async () => {
    for (const collector of COLLECTIONS)
      await api.profile(people[collector], { valueUnpricedAtRetail: estimate, currencyPreference: currency })
  })

  it.each(COLLECTIONS)('the screens agree to the penny for the collection %s', async (collector) => {
    const summary = await expectAgreement(collector)
    const hasUnpriced = collector === 'withUnpriced' || collector === 'everything'
    const hasUnknownCost = collector === 'withUnknownCost' || collector === 'everything'
    // Each case is the case it claims to be.
    expect(summary.unknownCostEntries > 0).toBe(hasUnknownCost)
    expect(summary.estimatedEntries > 0).toBe(estimate && hasUnpriced)
    // With the estimate on, only the minifigure (no retail price anywhere) is left without a value.
    expect(summary.unpricedEntries).toBe(
      hasUnpriced ? (estimate ? 1 : collector === 'everything' ? 4 : 3) : 0,
    )
  })
})
