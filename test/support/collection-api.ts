import Big from 'big.js'
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { App } from '#server/app.ts'
import { type Database, queryRows } from '#server/db/client.ts'
import { CATALOGUE_SCOPE } from '#server/modules/items/items.cache.ts'
import {
  type CollectionEntry,
  type CollectionPage,
  type CollectionSummary,
  collectionEntrySchema,
  collectionPageSchema,
  type Portfolio,
  portfolioSchema,
} from '#shared/contract/collections.ts'
import { type UserStats, userStatsSchema } from '#shared/contract/me.ts'
import { CURRENCY_CODES, type RetailRegion } from '#shared/contract/values.ts'
import { type CurrencyCode, type RatesPerUsd, ratesPerUsdFromGbpValues } from '#shared/money.ts'
import { REGION_CURRENCY } from '#shared/retail.ts'

/**
 * The collection's answers as the screens read them, and the database rows the importer writes (entries
 * without a price paid), for the valuation's API tests.
 */
export function collectionApi(app: App, db: Database) {
  const get = async (url: string, cookie: string) => {
    const response = await app.inject({ url, headers: { cookie } })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const send = async (method: 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload: object) => {
    const response = await app.inject({ method, url, headers: { cookie }, payload })
    expect(response.statusCode, response.body).toBeLessThan(300)
    return response.json()
  }
  /**
   * The database writes the collection's pages (no serializer checks them): each is exactly the contract's
   * shape, at every depth — parsing, which drops what the contract does not name, changes nothing.
   */
  const collectionPage = async (url: string, cookie: string): Promise<CollectionPage> => {
    const body = await get(url, cookie)
    const parsed = collectionPageSchema.parse(body)
    expect(body).toStrictEqual(JSON.parse(JSON.stringify(parsed)))
    return parsed
  }
  return {
    page: (cookie: string, query = ''): Promise<CollectionPage> =>
      collectionPage(`/api/collections${query}`, cookie),
    /** Every entry (a page as large as the contract allows). */
    entries: async (cookie: string, query = ''): Promise<CollectionEntry[]> =>
      (await collectionPage(`/api/collections?limit=1000${query}`, cookie)).entries,
    stats: async (cookie: string): Promise<UserStats> =>
      userStatsSchema.parse(await get('/api/me/stats', cookie)),
    portfolio: async (cookie: string, range = '1y'): Promise<Portfolio> =>
      portfolioSchema.parse(await get(`/api/me/portfolio?range=${range}`, cookie)),
    csv: async (cookie: string): Promise<string> =>
      (await app.inject({ url: '/api/collections/export.csv', headers: { cookie } })).body,
    add: async (cookie: string, body: Record<string, unknown>): Promise<CollectionEntry> =>
      collectionEntrySchema.parse(await send('POST', '/api/collections', cookie, body)),
    patch: async (cookie: string, id: number, body: Record<string, unknown>): Promise<CollectionEntry> =>
      collectionEntrySchema.parse(await send('PATCH', `/api/collections/${id}`, cookie, body)),
    profile: (cookie: string, body: Record<string, unknown>) => send('PUT', '/api/me/profile', cookie, body),
    /** An entry as an import that names no price writes it: no price paid, amount or currency. */
    insertUnknownCost: async (
      userId: string,
      entry: { itemId: number; condition: string; quantity: number },
    ): Promise<number> => {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into collections (user_id, item_id, condition_id, quantity, price_paid, original_price, currency,
            source, source_ref)
          select ${userId}, i.id, c.id, ${entry.quantity}, null, null, null, 'test-import', gen_random_uuid()::text
          from items i join conditions c on c.category = i.type and c.label = ${entry.condition}
          where i.id = ${entry.itemId}
          returning id`,
      )
      return (row as { id: number }).id
    },
  }
}

/** The user id behind a session cookie. */
export async function userIdOf(app: App, cookie: string): Promise<string> {
  return (await app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id
}

/**
 * Replaces an item's regional retail prices with these (amounts in each region's own currency), straight in
 * the database, and announces the catalogue's change as every such write must (ADR 021).
 */
export async function setRetailPrices(
  app: App,
  itemId: number,
  prices: Partial<Record<RetailRegion, string>>,
) {
  const { db } = app
  await db.execute(sql`delete from retail_prices where item_id = ${itemId}`)
  for (const [region, amount] of Object.entries(prices)) {
    await db.execute(
      sql`insert into retail_prices (item_id, region, amount, currency, source)
        values (${itemId}, ${region}, ${amount}, ${REGION_CURRENCY[region as RetailRegion]}, 'test')`,
    )
  }
  await app.readCache.forget(CATALOGUE_SCOPE)
}

/** Rates of a pound's worth per unit with many decimals, so that conversions to pounds are not round. */
export const UNROUND_RATES: Record<CurrencyCode, string> = {
  USD: '0.791234',
  EUR: '0.853311',
  GBP: '1',
  CAD: '0.577123',
  AUD: '0.515555',
  JPY: '0.005312',
  CHF: '0.899999',
  SEK: '0.074444',
  NOK: '0.072222',
  DKK: '0.114433',
}

/**
 * Stores today's rates as the fx refresh would (value of one unit in pounds) and answers them per US
 * dollar, as `/api/fx/rates` gives them to the screens.
 */
export async function storeTodaysRates(
  db: Database,
  valueInGbp: Record<CurrencyCode, string>,
): Promise<RatesPerUsd> {
  const today = new Date().toISOString().slice(0, 10)
  for (const code of CURRENCY_CODES) {
    await db.execute(
      sql`insert into fx_rates (date, currency, rate_to_gbp) values (${today}, ${code}, ${valueInGbp[code]})
        on conflict (date, currency) do update set rate_to_gbp = excluded.rate_to_gbp`,
    )
  }
  return ratesPerUsdFromGbpValues(valueInGbp) as RatesPerUsd
}

/** Sums decimal strings exactly, skipping nulls, to two decimals. */
export function total(amounts: ReadonlyArray<string | null>): string {
  return amounts.reduce((sum, amount) => (amount === null ? sum : sum.plus(amount)), new Big(0)).toFixed(2)
}

const percentOf = (part: string, whole: string) =>
  new Big(whole).gt(0) ? new Big(part).div(whole).times(100).round(2, Big.roundHalfUp).toFixed(2) : null

/** The summary recomputed from the entries themselves: what every screen's totals must be. */
export function summaryOf(entries: CollectionEntry[]): CollectionSummary {
  const valued = entries.filter((entry) => entry.value !== null)
  const unvalued = entries.filter((entry) => entry.value === null)
  const unknownCost = entries.filter((entry) => entry.costBasis === null)
  const estimated = entries.filter((entry) => entry.valueEstimated)
  const pricedCost = total(valued.map((entry) => entry.costBasis))
  const unrealizedPnl = total(entries.map((entry) => entry.pnl))
  const items = (of: CollectionEntry[]) => of.reduce((sum, entry) => sum + entry.quantity, 0)
  const themes = new Map<string, CollectionEntry[]>()
  for (const entry of entries) themes.set(entry.item.theme, [...(themes.get(entry.item.theme) ?? []), entry])
  return {
    entries: entries.length,
    totalItems: items(entries),
    setCount: items(entries.filter((entry) => entry.item.type === 'set')),
    minifigCount: items(entries.filter((entry) => entry.item.type === 'minifig')),
    totalValue: total(entries.map((entry) => entry.value)),
    costBasis: total(entries.map((entry) => entry.costBasis)),
    pricedCost,
    unrealizedPnl,
    unrealizedPnlPercent: percentOf(unrealizedPnl, pricedCost),
    change24h: total(entries.map((entry) => entry.change24h)),
    unpricedEntries: unvalued.length,
    unpricedCost: total(unvalued.map((entry) => entry.costBasis)),
    unknownCostEntries: unknownCost.length,
    unknownCostValue: total(unknownCost.map((entry) => entry.value)),
    estimatedEntries: estimated.length,
    estimatedValue: total(estimated.map((entry) => entry.value)),
    topThemes: [...themes]
      .map(([theme, of]) => ({ theme, value: total(of.map((entry) => entry.value)), items: items(of) }))
      .sort((a, b) => new Big(b.value).cmp(a.value) || (a.theme < b.theme ? -1 : a.theme > b.theme ? 1 : 0))
      .slice(0, 3),
  }
}
