import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { addDays } from '#shared/dates.ts'
import { collectionApi, userIdOf } from '../support/collection-api.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { setupTestApp } from '../support/test-app.ts'

// Issue 12: an import that names no price paid keeps it unknown. Unknown is not free: such an entry has no
// cost, adds its value to Total Value, and nothing to Cost Basis, P&L or ROI.
const context = setupTestApp({ readCacheTtlMs: 60_000 })
const today = new Date().toISOString().slice(0, 10)
let people: Record<'owner' | 'trusted', string>
let api: ReturnType<typeof collectionApi>
const ids = { galaxy: 0, falcon: 0, figure: 0, sealed: 0, unknownGalaxy: 0, unknownFalcon: 0 }

beforeAll(async () => {
  const { app, database } = context
  api = collectionApi(app, database.db)
  people = await signUpPeople(app, database.db, ['owner', 'trusted'])
  const rows = await queryRows<{ key: string; id: number }>(
    database.db,
    sql`select 'galaxy' as key, id from items where number = '10497-1'
      union all select 'falcon', id from items where number = '75192-1'
      union all select 'figure', id from items where number = 'sw0002'
      union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  for (const row of rows) ids[row.key as keyof typeof ids] = row.id
  // The Galaxy Explorer's fair price new is £100 today (and £120 yesterday, for the 24-hour change).
  for (const [price, days] of [
    ['100', 0],
    ['120', 10],
  ] as const) {
    const sale = await app.inject({
      method: 'POST',
      url: `/api/items/${ids.galaxy}/sales`,
      headers: { cookie: people.trusted },
      payload: {
        price,
        currency: 'GBP',
        conditionId: ids.sealed,
        saleDate: addDays(today, -days),
        source: 'eBay',
      },
    })
    expect(sale.statusCode, sale.body).toBe(201)
  }
  await pricesSettled(app)
  // Known: 2 Galaxy Explorers at £80 (value £200, P&L +£40), a Falcon at £700 with no market price.
  await api.add(people.owner, {
    itemId: ids.galaxy,
    condition: 'New/Sealed',
    quantity: 2,
    pricePaid: '80',
    currency: 'GBP',
  })
  await api.add(people.owner, {
    itemId: ids.falcon,
    condition: 'New/Sealed',
    pricePaid: '700',
    currency: 'GBP',
  })
  // Imported without a price: 3 Galaxy Explorers (worth £300) and a used Falcon (no market price).
  const owner = await userIdOf(context.app, people.owner)
  ids.unknownGalaxy = await api.insertUnknownCost(owner, {
    itemId: ids.galaxy,
    condition: 'New/Sealed',
    quantity: 3,
  })
  ids.unknownFalcon = await api.insertUnknownCost(owner, {
    itemId: ids.falcon,
    condition: 'Used/Complete',
    quantity: 1,
  })
})

describe('an entry whose price paid is unknown', () => {
  it('has no price paid, cost, P&L or P&L percentage, but keeps its value', async () => {
    const entries = await api.entries(people.owner)
    expect(entries.find((entry) => entry.id === ids.unknownGalaxy)).toMatchObject({
      pricePaid: null,
      originalPrice: null,
      currency: null,
      costBasis: null,
      value: '300.00',
      valueEstimated: false,
      pnl: null,
      pnlPercent: null,
      // The 24-hour change is the market's, known without a cost: 3 × (100 − 120).
      change24h: '-60.00',
    })
    expect(entries.find((entry) => entry.id === ids.unknownFalcon)).toMatchObject({
      pricePaid: null,
      costBasis: null,
      value: null,
      pnl: null,
    })
  })

  it('adds its value to Total Value and nothing to Cost Basis, P&L or ROI, and is counted apart', async () => {
    const { summary } = await api.page(people.owner)
    expect(summary).toMatchObject({
      entries: 4,
      totalItems: 7,
      totalValue: '500.00',
      costBasis: '860.00',
      pricedCost: '160.00',
      unrealizedPnl: '40.00',
      unrealizedPnlPercent: '25.00',
      unpricedEntries: 2,
      unpricedCost: '700.00',
      unknownCostEntries: 2,
      unknownCostValue: '300.00',
      estimatedEntries: 0,
      estimatedValue: '0.00',
    })
    const portfolio = await api.portfolio(people.owner)
    expect(portfolio.totalRoiPercent).toBe('25.00')
    expect(portfolio.timeline.at(-1)).toEqual({ date: today, value: '500.00', costBasis: '160.00' })
    expect(portfolio.byType).toEqual([{ type: 'set', value: '500.00', costBasis: '860.00', items: 7 }])
    expect((await api.stats(people.owner)).totalValue).toBe('500.00')
  })

  it('sorts last by cost and by P&L, either way, and is neither a gainer nor a decliner', async () => {
    for (const direction of ['asc', 'desc']) {
      const byCost = await api.entries(people.owner, `&sort=cost&direction=${direction}`)
      expect(byCost.map((entry) => entry.costBasis).slice(2)).toEqual([null, null])
      const byPnl = await api.entries(people.owner, `&sort=pnl&direction=${direction}`)
      expect(byPnl.map((entry) => entry.pnl)).toEqual(['40.00', null, null, null])
    }
    const gainers = await api.entries(people.owner, '&filter=gainers')
    expect(gainers.map((entry) => entry.costBasis)).toEqual(['160.00'])
    expect(await api.entries(people.owner, '&filter=decliners')).toEqual([])
    const { best, worst } = await api.portfolio(people.owner)
    expect(best.map((entry) => entry.costBasis)).toEqual(['160.00'])
    expect(worst).toEqual([])
  })

  it('exports with empty cells for what is not known, never 0', async () => {
    const rows: Array<Record<string, string>> = parse(await api.csv(people.owner), { columns: true })
    const unknown = rows.filter((row) => row.price_paid_gbp === '')
    expect(unknown).toHaveLength(2)
    expect(unknown.find((row) => row.condition === 'New/Sealed')).toMatchObject({
      quantity: '3',
      price_paid: '',
      price_paid_currency: '',
      cost_basis_gbp: '',
      value_gbp: '300.00',
      pnl_gbp: '',
      value_basis: 'market',
    })
    expect(unknown.find((row) => row.condition === 'Used/Complete')).toMatchObject({
      value_gbp: '',
      value_basis: '',
    })
  })

  it('stays unknown through edits that send no price, and becomes known when one is sent', async () => {
    const more = await api.patch(people.owner, ids.unknownFalcon, { quantity: 2, purchaseDate: '2024-03-01' })
    expect(more).toMatchObject({ quantity: 2, pricePaid: null, currency: null, costBasis: null })
    // A currency alone names no price: still unknown.
    expect(await api.patch(people.owner, ids.unknownFalcon, { currency: 'EUR' })).toMatchObject({
      pricePaid: null,
      originalPrice: null,
      currency: null,
    })
    // A typed 0 is a price (a gift), not "unknown".
    const free = await api.patch(people.owner, ids.unknownFalcon, { pricePaid: '0', currency: 'GBP' })
    expect(free).toMatchObject({
      pricePaid: '0.00',
      originalPrice: '0.00',
      currency: 'GBP',
      costBasis: '0.00',
    })
    const priced = await api.patch(people.owner, ids.unknownFalcon, { pricePaid: '100', currency: 'USD' })
    // 100 US dollars on 2024-03-01, at the built-in 0.73 pounds per dollar (no stored rate then).
    expect(priced).toMatchObject({
      pricePaid: '73.00',
      originalPrice: '100.00',
      currency: 'USD',
      costBasis: '146.00',
    })
    // Null says "I don't know" again.
    const forgotten = await api.patch(people.owner, ids.unknownFalcon, { pricePaid: null })
    expect(forgotten).toMatchObject({ pricePaid: null, originalPrice: null, currency: null, costBasis: null })
    const { summary } = await api.page(people.owner)
    expect(summary).toMatchObject({ costBasis: '860.00', unknownCostEntries: 2, totalItems: 8 })
  })

  it('is never made by a manual add: an empty price is still the spec’s "0"', async () => {
    const entry = await api.add(people.owner, { itemId: ids.figure, condition: 'Used', pricePaid: '' })
    expect(entry).toMatchObject({ pricePaid: '0.00', costBasis: '0.00' })
    const missing = await api.add(people.owner, { itemId: ids.figure, condition: 'Used' })
    expect(missing).toMatchObject({ pricePaid: '0.00', costBasis: '0.00' })
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: { cookie: people.owner },
      payload: { itemId: ids.figure, condition: 'Used', pricePaid: null },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toContain('Price paid must be an amount')
  })
})
