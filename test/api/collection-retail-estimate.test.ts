import Big from 'big.js'
import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import type { CollectionEntry } from '#shared/contract/collections.ts'
import { addDays } from '#shared/dates.ts'
import { type CurrencyCode, convertAmount, type RatesPerUsd } from '#shared/money.ts'
import { pickRetailPrice } from '#shared/retail.ts'
import {
  collectionApi,
  setRetailPrices,
  storeTodaysRates,
  total,
  userIdOf,
} from '../support/collection-api.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { setupTestApp } from '../support/test-app.ts'

// Issue 12: "value unpriced items at retail" — the user's choice; an entry without a market price is then
// valued at the retail price the screens show them, in pounds at today's rate, and labelled an estimate.
const context = setupTestApp({ readCacheTtlMs: 60_000 })
const today = new Date().toISOString().slice(0, 10)
let people: Record<'owner' | 'trusted', string>
let api: ReturnType<typeof collectionApi>
let rates: RatesPerUsd
const ids = { galaxy: 0, falcon: 0, germanOnly: 0, msrpOnly: 0, figure: 0, sealed: 0 }
const entryIds = { falcon: 0, usedFalcon: 0, germanOnly: 0, msrpOnly: 0 }

beforeAll(async () => {
  const { app, database } = context
  const db = database.db
  api = collectionApi(app, db)
  people = await signUpPeople(app, db, ['owner', 'trusted'])
  const rows = await queryRows<{ key: string; id: number }>(
    db,
    sql`select 'galaxy' as key, id from items where number = '10497-1'
      union all select 'falcon', id from items where number = '75192-1'
      union all select 'figure', id from items where number = 'sw0002'
      union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  for (const row of rows) ids[row.key as keyof typeof ids] = row.id
  const sale = await app.inject({
    method: 'POST',
    url: `/api/items/${ids.galaxy}/sales`,
    headers: { cookie: people.trusted },
    payload: { price: '100', currency: 'GBP', conditionId: ids.sealed, saleDate: today, source: 'eBay' },
  })
  expect(sale.statusCode, sale.body).toBe(201)
  // Prices are recomputed after commit: the collection reads them once they have been.
  await pricesSettled(app)
  for (const [key, number, msrp] of [
    ['germanOnly', 'VAL-DE-1', null],
    ['msrpOnly', 'VAL-MSRP-1', '20.00'],
  ] as const) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: people.owner },
      payload: {
        type: 'set',
        name: `Valuation ${key}`,
        number,
        theme: 'Valuation',
        originalMsrp: msrp,
        currency: 'GBP',
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    ids[key] = created.json().id
  }
  await setRetailPrices(app, ids.falcon, { US: '849.99', UK: '734.99', CA: '1049.99', DE: '799.99' })
  await setRetailPrices(app, ids.germanOnly, { DE: '59.99' })
  await setRetailPrices(app, ids.galaxy, { US: '99.99', UK: '89.99' })
  // Today's rates (one unit in pounds): a dollar is worth exactly 80p.
  rates = await storeTodaysRates(db, {
    USD: '0.8',
    EUR: '0.85',
    GBP: '1',
    CAD: '0.58',
    AUD: '0.52',
    JPY: '0.0053',
    CHF: '0.9',
    SEK: '0.075',
    NOK: '0.073',
    DKK: '0.114',
  })

  await api.add(people.owner, {
    itemId: ids.galaxy,
    condition: 'New/Sealed',
    quantity: 2,
    pricePaid: '80',
    currency: 'GBP',
  })
  entryIds.falcon = (
    await api.add(people.owner, {
      itemId: ids.falcon,
      condition: 'New/Sealed',
      pricePaid: '700',
      currency: 'GBP',
    })
  ).id
  entryIds.germanOnly = (
    await api.add(people.owner, {
      itemId: ids.germanOnly,
      condition: 'New/Sealed',
      pricePaid: '50',
      currency: 'GBP',
    })
  ).id
  entryIds.msrpOnly = (
    await api.add(people.owner, {
      itemId: ids.msrpOnly,
      condition: 'New/Sealed',
      quantity: 3,
      pricePaid: '10',
      currency: 'GBP',
    })
  ).id
  await api.add(people.owner, { itemId: ids.figure, condition: 'Used', pricePaid: '5', currency: 'GBP' })
  const owner = await userIdOf(context.app, people.owner)
  entryIds.usedFalcon = await api.insertUnknownCost(owner, {
    itemId: ids.falcon,
    condition: 'Used/Complete',
    quantity: 1,
  })
})

const byId = (entries: CollectionEntry[], id: number) =>
  entries.find((entry) => entry.id === id) as CollectionEntry
/** The screens' rule: the display currency's region first, then US, UK, CA, DE, converted to pounds. */
function screensEstimate(entry: CollectionEntry, display: CurrencyCode): string {
  const retail = pickRetailPrice(entry.item.retailPrices, display)
  if (!retail) return entry.item.originalMsrp as string
  return convertAmount(retail.amount, retail.currency, 'GBP', rates)
}

describe('value unpriced items at retail', () => {
  it('is off by default: entries without a market price have no value', async () => {
    const { summary, entries } = await api.page(people.owner, '?limit=1000')
    expect(entries.every((entry) => !entry.valueEstimated && entry.retailEstimate === null)).toBe(true)
    expect(summary).toMatchObject({
      totalValue: '200.00',
      unpricedEntries: 5,
      estimatedEntries: 0,
      estimatedValue: '0.00',
    })
  })

  it('values them at the region of the display currency, at today’s stored rate, labelled as estimates', async () => {
    await api.profile(people.owner, { valueUnpricedAtRetail: true, currencyPreference: 'USD' })
    const entries = await api.entries(people.owner)
    // 849.99 dollars at 80p: 679.992 → £679.99, the pound amount the screens convert $849.99 to.
    expect(byId(entries, entryIds.falcon)).toMatchObject({
      value: '679.99',
      valueEstimated: true,
      retailEstimate: { region: 'US', amount: '849.99', currency: 'USD' },
      costBasis: '700.00',
      pnl: '-20.01',
      pnlPercent: '-2.86',
      change24h: null,
    })
    // No US, UK or CA price: the German one, in euros.
    expect(byId(entries, entryIds.germanOnly)).toMatchObject({
      value: convertAmount('59.99', 'EUR', 'GBP', rates),
      retailEstimate: { region: 'DE', amount: '59.99', currency: 'EUR' },
    })
    // No regional price: the retail price entered with the item (pounds), × 3.
    expect(byId(entries, entryIds.msrpOnly)).toMatchObject({
      value: '60.00',
      retailEstimate: { region: null, amount: '20.00', currency: 'GBP' },
      pnl: '30.00',
    })
    // An unknown price paid: the estimate counts in the value, not in the P&L.
    expect(byId(entries, entryIds.usedFalcon)).toMatchObject({
      value: '679.99',
      valueEstimated: true,
      pnl: null,
    })
    // A market price always comes first; a minifigure with no retail price stays without a value.
    const galaxy = entries.find((entry) => entry.itemId === ids.galaxy)
    expect(galaxy).toMatchObject({ value: '200.00', valueEstimated: false, retailEstimate: null })
    expect(entries.find((entry) => entry.itemId === ids.figure)).toMatchObject({
      value: null,
      valueEstimated: false,
    })
    const estimated = entries.filter((candidate) => candidate.valueEstimated)
    expect(estimated).toHaveLength(4)
    for (const entry of estimated)
      expect(entry.value).toBe(new Big(screensEstimate(entry, 'USD')).times(entry.quantity).toFixed(2))
  })

  it('counts estimates in Total Value, and in P&L and ROI where the cost is known; says how much is estimated', async () => {
    const german = convertAmount('59.99', 'EUR', 'GBP', rates)
    const estimated = total(['679.99', '679.99', german, '60.00'])
    const { summary } = await api.page(people.owner)
    expect(summary).toMatchObject({
      totalValue: total(['200.00', estimated]),
      costBasis: '945.00',
      pricedCost: '940.00',
      unrealizedPnl: total(['40.00', '-20.01', german, '-50.00', '30.00']),
      unpricedEntries: 1,
      unpricedCost: '5.00',
      unknownCostEntries: 1,
      unknownCostValue: '679.99',
      estimatedEntries: 4,
      estimatedValue: estimated,
    })
    expect(await api.stats(people.owner)).toMatchObject({
      totalValue: summary.totalValue,
      estimatedEntries: 4,
      estimatedValue: estimated,
    })
    const portfolio = await api.portfolio(people.owner, '90d')
    expect(portfolio.totalRoiPercent).toBe(summary.unrealizedPnlPercent)
    expect(portfolio.timeline.at(-1)).toEqual({ date: today, value: summary.totalValue, costBasis: '940.00' })
    // Estimated gains and losses are performers too, each marked as an estimate.
    expect(portfolio.best.find((entry) => entry.id === entryIds.msrpOnly)?.valueEstimated).toBe(true)
    expect(portfolio.worst.map((entry) => entry.id)).toContain(entryIds.falcon)
  })

  it('follows the display currency’s region: pounds read the UK price, euros the German one, yen the US one', async () => {
    for (const [currency, region, value] of [
      ['GBP', 'UK', '734.99'],
      ['EUR', 'DE', convertAmount('799.99', 'EUR', 'GBP', rates)],
      ['CAD', 'CA', convertAmount('1049.99', 'CAD', 'GBP', rates)],
      ['JPY', 'US', '679.99'],
    ] as const) {
      await api.profile(people.owner, { currencyPreference: currency })
      const falcon = byId(await api.entries(people.owner), entryIds.falcon)
      expect(falcon.retailEstimate?.region, currency).toBe(region)
      expect(falcon.value, currency).toBe(value)
      expect(falcon.value).toBe(screensEstimate(falcon, currency))
    }
    await api.profile(people.owner, { currencyPreference: 'USD' })
  })

  it('says in the export which values are estimates', async () => {
    const rows: Array<Record<string, string>> = parse(await api.csv(people.owner), { columns: true })
    expect(rows.find((row) => row.item_number === 'VAL-MSRP-1')).toMatchObject({
      value_gbp: '60.00',
      value_basis: 'retail estimate',
      pnl_gbp: '30.00',
    })
    expect(rows.find((row) => row.item_number === '10497-1')).toMatchObject({ value_basis: 'market' })
    expect(rows.find((row) => row.item_number === 'sw0002')).toMatchObject({ value_gbp: '', value_basis: '' })
  })

  it('counts back in the value-over-time chart on days without a market price', async () => {
    const owner = await userIdOf(context.app, people.owner)
    await context.database.db.execute(
      sql`update collections set purchase_date = ${addDays(today, -40)} where user_id = ${owner}`,
    )
    await api.patch(people.owner, entryIds.msrpOnly, { quantity: 3 })
    const { timeline } = await api.portfolio(people.owner, '90d')
    // Until today's sale the Galaxy Explorers had no market price either: before it, they too count at
    // retail ($99.99 at 80p = £79.99 each), with the other estimates as they stand today.
    const early = timeline.find(
      (point) => point.date > addDays(today, -40) && point.date < addDays(today, -1),
    )
    const { summary } = await api.page(people.owner)
    expect(early).toEqual({
      date: expect.any(String),
      value: total([summary.estimatedValue, '159.98']),
      costBasis: '940.00',
    })
    expect(timeline.at(-1)).toMatchObject({ value: summary.totalValue, costBasis: summary.pricedCost })
  })

  it('turned off, is gone from every answer at once (the cached ones too)', async () => {
    await api.page(people.owner)
    await api.stats(people.owner)
    await api.profile(people.owner, { valueUnpricedAtRetail: false })
    const { summary } = await api.page(people.owner)
    expect(summary).toMatchObject({ totalValue: '200.00', estimatedEntries: 0, estimatedValue: '0.00' })
    expect((await api.stats(people.owner)).totalValue).toBe('200.00')
    expect(byId(await api.entries(people.owner), entryIds.falcon)).toMatchObject({
      value: null,
      valueEstimated: false,
    })
  })
})
