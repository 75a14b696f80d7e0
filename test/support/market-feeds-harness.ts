import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { type FeedSettings, runMarketFeeds } from '#server/modules/feeds/feeds.service.ts'
import { priceSummarySchema } from '#shared/contract/market.ts'
import { addDays, DAY_MS, todayUtc } from '#shared/dates.ts'
import { userIdOf } from './collection-api.ts'
import {
  BRICKLINK_KEYS,
  type SoldRowFixture,
  type StubServer,
  startBrickEconomy,
  startBrickLink,
  stubState,
} from './market-feed-servers.ts'
import { signUpPeople } from './people.ts'
import { pricesSettled } from './prices-settled.ts'
import { setupTestApp } from './test-app.ts'

export const MINUTE_MS = 60_000
export { DAY_MS }

/**
 * A market feeds test file's app, its local BrickLink and BrickEconomy (market-feed-servers.ts), four
 * members to own and watch items, and the helpers its tests share. Before each test the interest, the feeds'
 * state and the servers' answers are cleared (sales stay: each test uses items of its own, or counts anew).
 */
export function setupFeedsTest() {
  const context = setupTestApp()
  const bricklink = { ...stubState(), url: '' }
  const brickeconomy = { ...stubState(), url: '' }
  const servers: StubServer[] = []

  const ids: Record<string, number> = {}
  let users: string[] = []
  const conditions: Record<string, number> = {}

  beforeAll(async () => {
    servers.push(await startBrickLink(bricklink), await startBrickEconomy(brickeconomy))
    bricklink.url = servers[0]?.url ?? ''
    brickeconomy.url = servers[1]?.url ?? ''
    const rows = await queryRows<{ id: number; number: string }>(
      context.database.db,
      sql`select id, number from items`,
    )
    for (const row of rows) ids[row.number] = row.id
    const cookies = await signUpPeople(context.app, context.database.db, ['a', 'b', 'c', 'd'])
    users = await Promise.all(Object.values(cookies).map((cookie) => userIdOf(context.app, cookie)))
    const found = await queryRows<{ id: number; key: string }>(
      context.database.db,
      sql`select id, category || ':' || label as key from conditions`,
    )
    for (const row of found) conditions[row.key] = row.id
  })
  afterAll(async () => {
    for (const server of servers) await server.close()
  })

  beforeEach(async () => {
    const { db } = context.database
    for (const table of ['collections', 'alerts', 'wanted_items', 'feed_item_state', 'feed_daily_calls']) {
      await db.execute(sql.raw(`delete from ${table}`))
    }
    bricklink.answers.clear()
    bricklink.calls.length = 0
    brickeconomy.answers.clear()
    brickeconomy.calls.length = 0
  })

  /** Owners and watchers (alerts and wanted-list entries) of items, by item number. */
  async function interest(of: { owners?: Record<string, number>; watchers?: Record<string, number> }) {
    const { db } = context.database
    for (const [number, count] of Object.entries(of.owners ?? {})) {
      const condition = number.includes('-') ? conditions['set:New/Sealed'] : conditions['minifig:New']
      for (const user of users.slice(0, count)) {
        await db.execute(sql`insert into collections (user_id, item_id, condition_id, quantity)
          values (${user}, ${ids[number]}, ${condition}, 1)`)
      }
    }
    for (const [number, count] of Object.entries(of.watchers ?? {})) {
      const condition = number.includes('-') ? conditions['set:New/Sealed'] : conditions['minifig:New']
      for (const [index, user] of users.slice(0, count).entries()) {
        // Half by an alert, half by a wanted list: both are watching.
        if (index % 2 === 0) {
          await db.execute(sql`insert into alerts (user_id, item_id, condition_id, threshold_value, currency)
            values (${user}, ${ids[number]}, ${condition}, '1.00', 'GBP')`)
        } else {
          await db.execute(sql`insert into wanted_items (user_id, item_id) values (${user}, ${ids[number]})`)
        }
      }
    }
  }

  const bricklinkFeed = (limits: Partial<{ dailyQuota: number; callsPerRun: number }> = {}) => ({
    baseUrl: `${bricklink.url}/api/store/v1`,
    credentials: { ...BRICKLINK_KEYS },
    dailyQuota: 1000,
    callsPerRun: 1000,
    ...limits,
  })
  const brickeconomyFeed = (
    limits: Partial<{ dailyQuota: number; callsPerRun: number; apiKey: string }> = {},
  ) => ({
    baseUrl: `${brickeconomy.url}/api/v1`,
    apiKey: 'brickeconomy-key',
    dailyQuota: 1000,
    callsPerRun: 1000,
    ...limits,
  })

  const run = (feeds: Partial<FeedSettings>, now = new Date()) =>
    runMarketFeeds({
      db: context.database.db,
      // Long enough for a healthy answer on a busy machine; a hang costs each test this much.
      feeds: { staleAfterMs: DAY_MS, timeoutMs: 1500, ...feeds },
      now: () => now,
    })

  const ran = async (feeds: Partial<FeedSettings>, now?: Date) => {
    const outcome = await run(feeds, now)
    if (outcome.status !== 'ran') throw new Error(`the run was skipped: ${outcome.reason}`)
    return outcome
  }

  const today = todayUtc()
  const daysAgo = (days: number, time = '12:00:00.000') => `${addDays(today, -days)}T${time}Z`

  const salesOf = (number: string) =>
    queryRows<{
      grade: string
      conditionId: number
      priceGbp: string
      originalPrice: string
      currency: string
      saleDate: string
      source: string
      sourceRef: string
      status: string
    }>(
      context.database.db,
      sql`select grade, condition_id as "conditionId", price_gbp::text as "priceGbp",
        original_price::text as "originalPrice", currency, sale_date::text as "saleDate", source,
        source_ref as "sourceRef", status
      from sales where item_id = ${ids[number]} order by sale_date, price_gbp, source_ref`,
    )

  const stateOf = async (provider: string, number: string) =>
    (
      await queryRows<{
        failures: number
        lastOutcome: string
        nextAttemptAt: string | null
        fetched: boolean
      }>(
        context.database.db,
        sql`select failures, last_outcome as "lastOutcome", next_attempt_at::text as "nextAttemptAt",
          last_fetched_at is not null as fetched
        from feed_item_state where provider = ${provider} and item_id = ${ids[number]}`,
      )
    )[0]

  const summary = async (number: string) => {
    await pricesSettled(context.app)
    const response = await context.app.inject({ url: `/api/items/${ids[number]}/price-summary` })
    expect(response.statusCode, response.body).toBe(200)
    return priceSummarySchema.parse(response.json())
  }

  const guide = (rows: SoldRowFixture[]) => ({ kind: 'guide' as const, rows })

  return {
    context,
    bricklink,
    brickeconomy,
    ids,
    conditions,
    interest,
    bricklinkFeed,
    brickeconomyFeed,
    run,
    ran,
    today,
    daysAgo,
    salesOf,
    stateOf,
    summary,
    guide,
  }
}
