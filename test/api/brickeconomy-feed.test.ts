import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { feedSettingsFromConfig, startMarketFeeds } from '#server/jobs/market-feeds.ts'
import { DAY_MS, MINUTE_MS, setupFeedsTest } from '../support/market-feeds-harness.ts'

/**
 * Issue 13 part 6: BrickEconomy's values fill the marketplace fallback, run against a local BrickEconomy that
 * answers the documented shape with its gaps and misbehaves; and the job that runs both feeds.
 */
const {
  context,
  bricklink,
  brickeconomy,
  interest,
  bricklinkFeed,
  brickeconomyFeed,
  ran,
  daysAgo,
  salesOf,
  stateOf,
  summary,
  guide,
} = setupFeedsTest()

describe('BrickEconomy values', () => {
  const values = (data: object) => ({ kind: 'values' as const, body: { data: { set_number: 'x', ...data } } })

  it('fill the marketplace fallback (MEDIUM) in pounds, for sets only; a set at retail has no used value', async () => {
    await interest({ owners: { '75290-1': 2, '75257-1': 1, sw0001a: 3 } })
    brickeconomy.answers.set('75290-1', values({ current_value_new: 250.5, current_value_used: 180 }))
    // At retail: no used keys, the new value is the retail price.
    brickeconomy.answers.set('75257-1', values({ current_value_new: 129.99, retail_price_us: 129.99 }))
    const outcome = await ran({ brickeconomy: brickeconomyFeed() })
    expect(outcome.brickeconomy).toMatchObject({ items: 2, calls: 2, recorded: 2, failures: 0 })
    expect(brickeconomy.calls).toEqual(['75290-1', '75257-1'])
    const prices = await summary('75290-1')
    expect(prices.new).toMatchObject({
      fairPrice: '182.87',
      confidence: 'MEDIUM',
      basis: 'marketplace',
      hasData: true,
    })
    expect(prices.used).toMatchObject({ fairPrice: '131.40', confidence: 'MEDIUM', basis: 'marketplace' })
    const atRetail = await summary('75257-1')
    expect(atRetail.new).toMatchObject({ fairPrice: '94.89', basis: 'marketplace' })
    expect(atRetail.used).toMatchObject({ hasData: false, fairPrice: null })
  })

  it('treats no value (absent, null or 0) as no data and keeps the value it had', async () => {
    await interest({ owners: { '7140-1': 2, '7144-1': 1 } })
    brickeconomy.answers.set('7140-1', values({ current_value_new: 100, current_value_used: 90 }))
    await ran({ brickeconomy: brickeconomyFeed() })
    brickeconomy.answers.set('7140-1', values({ current_value_new: null, current_value_used: 0 }))
    brickeconomy.answers.set('7144-1', values({ name: 'no value known' }))
    const later = await ran({ brickeconomy: brickeconomyFeed() }, new Date(Date.now() + DAY_MS + MINUTE_MS))
    expect(later.brickeconomy).toMatchObject({ items: 2, noData: 2, failures: 0 })
    expect((await summary('7140-1')).new).toMatchObject({ fairPrice: '73.00', basis: 'marketplace' })
    expect((await summary('7140-1')).used).toMatchObject({ fairPrice: '65.70', basis: 'marketplace' })
    expect((await summary('7144-1')).new).toMatchObject({ hasData: false })
  })

  it('backs off on 404, 429, 5xx, timeouts and garbage, stops on a refused key and within its quota', async () => {
    const broken = {
      '75159-1': { kind: 'status', status: 502 },
      '75331-1': { kind: 'status', status: 429 },
      '75252-1': { kind: 'hang' },
      '10179-1': { kind: 'malformed' },
      '75290-1': { kind: 'values', body: { error: 'not what the documentation says' } },
    } as const
    await interest({
      watchers: Object.fromEntries(Object.keys(broken).map((number) => [number, 2])),
      owners: { '75257-1': 1, '75313-1': 1 },
    })
    for (const [number, behaviour] of Object.entries(broken)) brickeconomy.answers.set(number, behaviour)
    brickeconomy.answers.set('75257-1', values({ current_value_new: 10 }))
    // 75313-1 is not known: 404.
    const outcome = await ran({ brickeconomy: brickeconomyFeed() })
    expect(outcome.brickeconomy).toMatchObject({ items: 7, failures: 6, recorded: 1, stopped: null })
    expect(await stateOf('brickeconomy', '75313-1')).toMatchObject({ lastOutcome: 'not-found', failures: 1 })
    expect(await stateOf('brickeconomy', '75331-1')).toMatchObject({
      lastOutcome: 'rate-limited',
      failures: 1,
    })

    await context.database.db.execute(sql`delete from feed_item_state`)
    await context.database.db.execute(sql`delete from feed_daily_calls`)
    brickeconomy.calls.length = 0
    const refused = await ran({ brickeconomy: brickeconomyFeed({ apiKey: 'wrong' }) })
    expect(refused.brickeconomy).toMatchObject({ calls: 1, items: 0, stopped: 'refused' })

    const quota = await ran({ brickeconomy: brickeconomyFeed({ dailyQuota: 2 }) })
    expect(quota.brickeconomy).toMatchObject({ calls: 1, stopped: 'daily-quota' })
    expect(brickeconomy.calls).toHaveLength(2)
  })
})

describe('the market feeds job', () => {
  it("is off without keys, needs all four BrickLink keys, and shares each quota among the day's runs", () => {
    expect(feedSettingsFromConfig(loadConfig({}))).toBeUndefined()
    expect(() => loadConfig({ BRICKLINK_CONSUMER_KEY: 'k', BRICKLINK_TOKEN: 't' })).toThrow(ConfigError)
    const settings = feedSettingsFromConfig(
      loadConfig({
        BRICKLINK_CONSUMER_KEY: 'k',
        BRICKLINK_CONSUMER_SECRET: 's',
        BRICKLINK_TOKEN: 't',
        BRICKLINK_TOKEN_SECRET: 'ts',
        BRICKECONOMY_API_KEY: 'e',
        FEEDS_INTERVAL_MINUTES: '60',
      }),
    )
    expect(settings).toMatchObject({
      bricklink: { baseUrl: 'https://api.bricklink.com/api/store/v1', dailyQuota: 5000, callsPerRun: 209 },
      brickeconomy: { baseUrl: 'https://www.brickeconomy.com/api/v1', dailyQuota: 95, callsPerRun: 4 },
      staleAfterMs: DAY_MS,
    })
    expect(feedSettingsFromConfig(loadConfig({ BRICKECONOMY_API_KEY: 'e' }))?.bricklink).toBeUndefined()
  })

  it("runs at once when started, and the item's prices follow", async () => {
    await interest({ owners: { '76405-1': 1 } })
    bricklink.answers.set('SET/76405-1/N', guide([{ unit_price: '20.0000', date_ordered: daysAgo(2) }]))
    bricklink.answers.set('SET/76405-1/U', { kind: 'zero-sales' })
    const stop = startMarketFeeds({
      db: context.database.db,
      feeds: { bricklink: bricklinkFeed(), staleAfterMs: DAY_MS, timeoutMs: 5000 },
      intervalMs: DAY_MS,
      log: context.app.log,
    })
    try {
      await expect
        .poll(async () => (await stateOf('bricklink', '76405-1'))?.lastOutcome, { timeout: 5000 })
        .toBe('ok')
    } finally {
      await stop()
    }
    expect((await salesOf('76405-1')).map((sale) => sale.originalPrice)).toEqual(['20.00'])
    expect((await summary('76405-1')).new).toMatchObject({ hasData: true, salesCount: 1, lastSale: '14.60' })
  })

  it('stops at shutdown without waiting for a provider that hangs, leaving the item as it was', async () => {
    await interest({ owners: { '76405-1': 1, '10294-1': 1 } })
    bricklink.answers.set('SET/76405-1/N', { kind: 'hang' })
    const stop = startMarketFeeds({
      db: context.database.db,
      feeds: { bricklink: bricklinkFeed(), staleAfterMs: DAY_MS, timeoutMs: 60_000 },
      intervalMs: DAY_MS,
      log: context.app.log,
    })
    await expect.poll(() => bricklink.calls, { timeout: 5000 }).toEqual(['SET/76405-1/N'])
    const started = Date.now()
    await stop()
    expect(Date.now() - started).toBeLessThan(1000)
    expect(await stateOf('bricklink', '76405-1')).toBeUndefined()
    expect(bricklink.calls).toEqual(['SET/76405-1/N'])
  })
})
