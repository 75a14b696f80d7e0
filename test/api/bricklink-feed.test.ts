import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { openDatabase, queryRows } from '#server/db/client.ts'
import { withJobLock } from '#server/db/job-lock.ts'
import { bricklinkSigner, fetchSoldGuide } from '#server/modules/feeds/bricklink-client.ts'
import { MARKET_FEEDS_LOCK } from '#server/modules/feeds/feeds.service.ts'
import { addDays } from '#shared/dates.ts'
import { BRICKLINK_KEYS } from '../support/market-feed-servers.ts'
import { DAY_MS, MINUTE_MS, setupFeedsTest } from '../support/market-feeds-harness.ts'
import type { TestDatabase } from '../support/test-database.ts'

/**
 * Issue 13 part 6: BrickLink's sold price guide becomes verified sales, run against a local BrickLink that
 * answers the documented shapes with their quirks, checks the OAuth signature, and misbehaves.
 */
const {
  context,
  bricklink,
  ids,
  conditions,
  interest,
  bricklinkFeed,
  run,
  ran,
  today,
  daysAgo,
  salesOf,
  stateOf,
  summary,
  guide,
} = setupFeedsTest()

describe('BrickLink sold price guide', () => {
  it('records each sale as a verified BrickLink sale in pounds, and fetching again records none twice', async () => {
    await interest({ owners: { '75192-1': 1 } })
    const twice = { unit_price: '100.0000', date_ordered: daysAgo(3, '09:30:00.000') }
    bricklink.answers.set(
      'SET/75192-1/N',
      guide([twice, twice, { unit_price: '110.0050', date_ordered: daysAgo(40) }]),
    )
    bricklink.answers.set(
      'SET/75192-1/U',
      guide([{ unit_price: '80.0000', date_ordered: daysAgo(100), seller_country_code: 'DE', quantity: 3 }]),
    )

    const first = await ran({ bricklink: bricklinkFeed() })
    expect(first.bricklink).toMatchObject({ items: 1, calls: 2, recorded: 4, alreadyKnown: 0, failures: 0 })
    expect(bricklink.calls).toEqual(['SET/75192-1/N', 'SET/75192-1/U'])
    const sales = await salesOf('75192-1')
    // Two identical rows are two sales; the USD amounts at the built-in rate (1 USD = 0.73 GBP), to pennies.
    expect(
      sales.map(({ grade, priceGbp, originalPrice, currency, saleDate, source, status }) => ({
        grade,
        priceGbp,
        originalPrice,
        currency,
        saleDate,
        source,
        status,
      })),
    ).toEqual(
      [
        {
          grade: 'used',
          priceGbp: '58.40',
          originalPrice: '80.00',
          currency: 'USD',
          saleDate: addDays(today, -100),
          source: 'BrickLink',
          status: 'verified',
        },
        {
          grade: 'new',
          priceGbp: '80.31',
          originalPrice: '110.01',
          currency: 'USD',
          saleDate: addDays(today, -40),
          source: 'BrickLink',
          status: 'verified',
        },
        {
          grade: 'new',
          priceGbp: '73.00',
          originalPrice: '100.00',
          currency: 'USD',
          saleDate: addDays(today, -3),
          source: 'BrickLink',
          status: 'verified',
        },
        {
          grade: 'new',
          priceGbp: '73.00',
          originalPrice: '100.00',
          currency: 'USD',
          saleDate: addDays(today, -3),
          source: 'BrickLink',
          status: 'verified',
        },
      ].sort((a, b) => (a.saleDate === b.saleDate ? 0 : a.saleDate < b.saleDate ? -1 : 1)),
    )
    expect(new Set(sales.map((sale) => sale.sourceRef)).size).toBe(4)
    expect(sales.every((sale) => /^bricklink:[0-9a-f]{32}$/.test(sale.sourceRef))).toBe(true)
    // The best condition of each grade; the per-condition statistics follow.
    expect(
      sales
        .filter((sale) => sale.grade === 'new')
        .every((s) => s.conditionId === conditions['set:New/Sealed']),
    ).toBe(true)
    expect(sales.find((sale) => sale.grade === 'used')?.conditionId).toBe(conditions['set:Used/Complete'])
    const prices = await summary('75192-1')
    expect(prices.new).toMatchObject({ hasData: true, salesCount: 3, lastSale: '73.00' })
    expect(prices.used).toMatchObject({ hasData: true, salesCount: 1, lastSale: '58.40' })
    const byCondition = await context.app.inject({ url: `/api/items/${ids['75192-1']}/price-by-condition` })
    expect(byCondition.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'New/Sealed', count: 3, averageGbp: '75.44' }),
      ]),
    )

    // Fresh: not fetched again within the refetch time.
    expect((await ran({ bricklink: bricklinkFeed() })).bricklink).toMatchObject({ items: 0, calls: 0 })
    // Stale (a day later), the guide has moved on: one sale dropped out of the window, one is new.
    bricklink.answers.set(
      'SET/75192-1/N',
      guide([{ unit_price: '120.0000', date_ordered: daysAgo(1) }, twice, twice]),
    )
    const again = await ran({ bricklink: bricklinkFeed() }, new Date(Date.now() + DAY_MS + MINUTE_MS))
    expect(again.bricklink).toMatchObject({ items: 1, calls: 2, recorded: 1, alreadyKnown: 3 })
    expect(await salesOf('75192-1')).toHaveLength(5)
    expect((await summary('75192-1')).new.salesCount).toBe(4)
  })

  it('treats a guide without sales ("0.0000" everywhere) as no data, not a price of 0', async () => {
    await interest({ owners: { '75313-1': 1, sw0001a: 1 } })
    bricklink.answers.set('SET/75313-1/N', { kind: 'zero-sales' })
    bricklink.answers.set('SET/75313-1/U', { kind: 'zero-sales', zeroRows: true })
    bricklink.answers.set('MINIFIG/sw0001a/N', { kind: 'zero-sales', bare: true })
    // A row whose date is no day, or which is dated tomorrow, is left out; the others count.
    bricklink.answers.set(
      'MINIFIG/sw0001a/U',
      guide([
        { unit_price: '4.5000', date_ordered: daysAgo(2) },
        { unit_price: '5.0000', date_ordered: '2026-02-30T10:00:00.000Z' },
        { unit_price: '5.5000', date_ordered: 'yesterday' },
        { unit_price: '6.0000', date_ordered: daysAgo(-1) },
      ]),
    )
    const outcome = await ran({ bricklink: bricklinkFeed() })
    expect(outcome.bricklink).toMatchObject({ items: 2, calls: 4, recorded: 1, noData: 1, failures: 0 })
    expect(await salesOf('75313-1')).toEqual([])
    expect(await stateOf('bricklink', '75313-1')).toMatchObject({
      failures: 0,
      lastOutcome: 'no-data',
      fetched: true,
    })
    const prices = await summary('75313-1')
    expect(prices.new).toMatchObject({ hasData: false, fairPrice: null })
    expect(prices.used).toMatchObject({ hasData: false, fairPrice: null })
    expect((await salesOf('sw0001a')).map((sale) => [sale.grade, sale.priceGbp])).toEqual([['used', '3.29']])
  })

  it('fetches the most watched items first, then the most owned', async () => {
    await interest({
      owners: { '75159-1': 4, '75331-1': 2, '75252-1': 1, sw0527a: 1, 'fig-011242': 4 },
      watchers: { '75252-1': 2, '10179-1': 3 },
    })
    await ran({ bricklink: bricklinkFeed() })
    // Rebrickable's minifigure ids are not BrickLink's: never asked for.
    expect(bricklink.calls.filter((call) => call.endsWith('/N'))).toEqual([
      'SET/10179-1/N',
      'SET/75252-1/N',
      'SET/75159-1/N',
      'SET/75331-1/N',
      'MINIFIG/sw0527a/N',
    ])
  })

  it('backs off an item on 404, 429, 5xx, a hang, a stalled or huge body, a redirect or malformed JSON, and carries on with the others', async () => {
    const broken = {
      '75159-1': { kind: 'status', status: 500 },
      '75331-1': { kind: 'status', status: 503, body: 'Service Unavailable' },
      '75252-1': { kind: 'status', status: 429 },
      '10179-1': { kind: 'meta-error', code: 404, message: 'RESOURCE_NOT_FOUND' },
      '75290-1': { kind: 'hang' },
      '75257-1': { kind: 'stall-body' },
      '75313-1': { kind: 'malformed' },
      '75192-1': { kind: 'status', status: 404 },
      '7140-1': { kind: 'huge' },
      '7144-1': { kind: 'redirect', to: 'http://127.0.0.1:9/elsewhere' },
    } as const
    const numbers = Object.keys(broken)
    // Each broken item is watched by more people than the healthy one, so all are tried before it.
    await interest({
      watchers: Object.fromEntries(numbers.map((number) => [number, 2])),
      owners: { sw0002: 1 },
    })
    for (const [number, behaviour] of Object.entries(broken)) {
      bricklink.answers.set(`SET/${number}/N`, behaviour)
    }
    bricklink.answers.set('MINIFIG/sw0002/N', guide([{ unit_price: '10.0000', date_ordered: daysAgo(5) }]))
    bricklink.answers.set('MINIFIG/sw0002/U', { kind: 'zero-sales' })
    const before = (await salesOf('sw0002')).length

    const started = Date.now()
    const outcome = await ran({ bricklink: bricklinkFeed() })
    expect(Date.now() - started).toBeLessThan(5000)
    expect(outcome.bricklink).toMatchObject({ items: 11, failures: 10, recorded: 1, stopped: null })
    expect(await salesOf('sw0002')).toHaveLength(before + 1)
    const states = Object.fromEntries(
      await Promise.all(numbers.map(async (number) => [number, await stateOf('bricklink', number)] as const)),
    )
    expect(Object.fromEntries(Object.entries(states).map(([n, s]) => [n, s?.lastOutcome]))).toEqual({
      '75159-1': 'failed',
      '75331-1': 'failed',
      '75252-1': 'rate-limited',
      '10179-1': 'not-found',
      '75290-1': 'failed',
      '75257-1': 'failed',
      '75313-1': 'failed',
      '75192-1': 'not-found',
      '7140-1': 'failed',
      '7144-1': 'failed',
    })
    for (const state of Object.values(states)) expect(state).toMatchObject({ failures: 1, fetched: false })
    // Not found waits a day; the others a quarter of an hour.
    const waits = (number: string) => Date.parse(states[number]?.nextAttemptAt ?? '') - started
    expect(waits('10179-1')).toBeGreaterThan(DAY_MS - MINUTE_MS)
    expect(waits('75159-1')).toBeGreaterThan(14 * MINUTE_MS)
    expect(waits('75159-1')).toBeLessThan(16 * MINUTE_MS)

    // Within the back-off nothing is asked again.
    bricklink.calls.length = 0
    expect((await ran({ bricklink: bricklinkFeed() })).bricklink).toMatchObject({ items: 0, calls: 0 })
    // After it, the failed ones are asked again; still failing, each waits twice as long.
    const later = new Date(started + 20 * MINUTE_MS)
    const retried = await ran({ bricklink: bricklinkFeed() }, later)
    expect(retried.bricklink).toMatchObject({ items: 8, failures: 8 })
    expect(await stateOf('bricklink', '75159-1')).toMatchObject({ failures: 2 })
    expect(Date.parse((await stateOf('bricklink', '75159-1'))?.nextAttemptAt ?? '') - later.getTime()).toBe(
      30 * MINUTE_MS,
    )
    // Healed, an item is fetched and its failures forgotten.
    bricklink.answers.set('SET/75159-1/N', guide([{ unit_price: '50.0000', date_ordered: daysAgo(1) }]))
    bricklink.answers.set('SET/75159-1/U', { kind: 'zero-sales' })
    const healed = await ran({ bricklink: bricklinkFeed() }, new Date(started + 60 * MINUTE_MS))
    expect(healed.bricklink?.recorded).toBe(1)
    expect(await stateOf('bricklink', '75159-1')).toMatchObject({
      failures: 0,
      lastOutcome: 'ok',
      fetched: true,
    })
  })

  it('says why: a body past 5 MB is refused unread, a redirect is not followed, a hang is cut at the time limit', async () => {
    const guideOf = (number: string, timeoutMs = 10_000) =>
      fetchSoldGuide({
        baseUrl: `${bricklink.url}/api/store/v1`,
        sign: bricklinkSigner(BRICKLINK_KEYS),
        type: 'SET',
        number,
        newOrUsed: 'N',
        currency: 'USD',
        timeoutMs,
      })
    bricklink.answers.set('SET/7140-1/N', { kind: 'huge' })
    bricklink.answers.set('SET/7144-1/N', {
      kind: 'redirect',
      to: `${bricklink.url}/api/store/v1/items/SET/75192-1/price`,
    })
    bricklink.answers.set('SET/75159-1/N', { kind: 'hang' })
    bricklink.answers.set('SET/75331-1/N', { kind: 'meta-error', code: 404, message: 'RESOURCE_NOT_FOUND' })
    expect(await guideOf('7140-1')).toEqual({
      kind: 'failed',
      reason: 'BrickLink answered more than 5242880 bytes',
    })
    expect(await guideOf('7144-1')).toEqual({ kind: 'failed', reason: 'BrickLink answered 302' })
    expect(await guideOf('75159-1', 300)).toEqual({
      kind: 'failed',
      reason: 'BrickLink did not answer within 300 ms',
    })
    expect(await guideOf('75331-1')).toEqual({
      kind: 'not-found',
      reason: 'BrickLink answered 404 (RESOURCE_NOT_FOUND)',
    })
  })

  it('leaves the provider alone for the run after "too many requests" three times in a row', async () => {
    const numbers = ['75159-1', '75331-1', '75252-1', '10179-1']
    await interest({ owners: Object.fromEntries(numbers.map((number, index) => [number, 4 - index])) })
    for (const number of numbers)
      bricklink.answers.set(`SET/${number}/N`, {
        kind: 'meta-error',
        code: 429,
        message: 'TOO_MANY_REQUESTS',
      })
    const outcome = await ran({ bricklink: bricklinkFeed() })
    expect(outcome.bricklink).toMatchObject({ items: 3, calls: 3, failures: 3, stopped: 'rate-limited' })
    expect(await stateOf('bricklink', '10179-1')).toBeUndefined()
  })

  it('stays within the daily quota, counted across runs, and spreads it over runs', async () => {
    const numbers = ['75159-1', '75331-1', '75252-1', '10179-1']
    await interest({ owners: Object.fromEntries(numbers.map((number, index) => [number, 4 - index])) })
    for (const number of numbers) {
      bricklink.answers.set(`SET/${number}/N`, guide([{ unit_price: '10.0000', date_ordered: daysAgo(1) }]))
      bricklink.answers.set(`SET/${number}/U`, { kind: 'zero-sales' })
    }
    const first = await ran({ bricklink: bricklinkFeed({ dailyQuota: 5, callsPerRun: 4 }) })
    expect(first.bricklink).toMatchObject({ items: 2, calls: 4, stopped: null })
    // One call left today: the guide that answered is kept, the item is fetched whole another time.
    const second = await ran({ bricklink: bricklinkFeed({ dailyQuota: 5, callsPerRun: 4 }) })
    expect(second.bricklink).toMatchObject({ items: 0, calls: 1, recorded: 1, stopped: 'daily-quota' })
    expect(bricklink.calls).toHaveLength(5)
    expect(
      (await ran({ bricklink: bricklinkFeed({ dailyQuota: 5, callsPerRun: 4 }) })).bricklink,
    ).toMatchObject({
      calls: 0,
      stopped: 'daily-quota',
    })
    // A new UTC day, a new quota: the item whose fetch was cut short is fetched again, nothing twice.
    const tomorrow = new Date(`${addDays(today, 1)}T00:30:00Z`)
    const next = await ran(
      { bricklink: bricklinkFeed({ dailyQuota: 5, callsPerRun: 4 }), staleAfterMs: 3 * DAY_MS },
      tomorrow,
    )
    expect(next.bricklink).toMatchObject({ items: 2, calls: 4, recorded: 1, alreadyKnown: 1 })
  })

  it('sends a valid OAuth 1.0a signature, and stops at once when BrickLink refuses the keys', async () => {
    await interest({ owners: { '75159-1': 2, '75331-1': 1 } })
    bricklink.answers.set('SET/75159-1/N', guide([{ unit_price: '11.0000', date_ordered: daysAgo(1) }]))
    bricklink.answers.set('SET/75159-1/U', { kind: 'zero-sales' })
    bricklink.answers.set('SET/75331-1/N', { kind: 'zero-sales' })
    bricklink.answers.set('SET/75331-1/U', { kind: 'zero-sales' })
    const wrong = { ...bricklinkFeed(), credentials: { ...BRICKLINK_KEYS, tokenSecret: 'not-the-secret' } }
    const refused = await ran({ bricklink: wrong })
    expect(refused.bricklink).toMatchObject({ items: 0, calls: 1, failures: 0, stopped: 'refused' })
    expect(refused.bricklink?.reasons[0]).toMatch(/401.*BAD_OAUTH_REQUEST/)
    expect(await stateOf('bricklink', '75159-1')).toBeUndefined()
    const signed = await ran({ bricklink: bricklinkFeed() })
    expect(signed.bricklink).toMatchObject({ items: 2, calls: 4, failures: 0, recorded: 1, noData: 1 })
  })

  it('runs in one instance at a time: a run while another holds the lock does nothing', async () => {
    await interest({ owners: { '75159-1': 1 } })
    bricklink.answers.set('SET/75159-1/N', { kind: 'hang' })
    const [one, two] = await Promise.all([
      run({ bricklink: bricklinkFeed() }),
      run({ bricklink: bricklinkFeed() }),
    ])
    expect([one.status, two.status].sort()).toEqual(['ran', 'skipped'])
    expect(bricklink.calls).toEqual(['SET/75159-1/N'])
    // A run that fails gives the lock back.
    const failing = withJobLock(context.database.db, MARKET_FEEDS_LOCK, async () => {
      throw new Error('the database went away')
    })
    await expect(failing).rejects.toThrow('the database went away')
    expect(await withJobLock(context.database.db, MARKET_FEEDS_LOCK, async () => 'ran')).toEqual({
      ran: true,
      value: 'ran',
    })
  })

  it.runIf(inject('databaseDriver') === 'postgres')(
    'holds its lock on a connection of its own: a pool of one still serves the job and the requests beside it',
    async () => {
      const url = (context.database as TestDatabase).url
      if (!url) throw new Error('a PostgreSQL test database has its url')
      const single = await openDatabase({ driver: 'postgres', url, poolMax: 1, connectTimeoutMs: 2000 })
      try {
        const locked = await withJobLock(single.db, MARKET_FEEDS_LOCK, async () => {
          // With the lock on the pool's only connection, both would wait for it and fail after 2 s.
          const [job, request] = await Promise.all([
            queryRows<{ one: number }>(single.db, sql`select 1 as one`),
            queryRows<{ held: boolean }>(
              single.db,
              sql`select exists (select 1 from pg_locks where locktype = 'advisory' and objid = ${MARKET_FEEDS_LOCK}
                and pid <> pg_backend_pid()) as held`,
            ),
          ])
          return { job: job[0]?.one, held: request[0]?.held }
        })
        expect(locked).toEqual({ ran: true, value: { job: 1, held: true } })
        // The run's end closes its connection and frees the lock.
        const [after] = await queryRows<{ held: boolean }>(
          single.db,
          sql`select exists (select 1 from pg_locks where locktype = 'advisory' and objid = ${MARKET_FEEDS_LOCK}) as held`,
        )
        expect(after?.held).toBe(false)
      } finally {
        await single.close()
      }
    },
  )

  it.runIf(inject('databaseDriver') === 'postgres')(
    'does nothing while another instance (another connection) holds the advisory lock',
    async () => {
      await interest({ owners: { '75159-1': 1 } })
      const other = new pg.Client({ connectionString: (context.database as TestDatabase).url })
      await other.connect()
      try {
        await other.query('select pg_advisory_lock($1)', [MARKET_FEEDS_LOCK])
        expect(await run({ bricklink: bricklinkFeed() })).toEqual({
          status: 'skipped',
          reason: 'another instance is running the feeds',
        })
        expect(bricklink.calls).toEqual([])
        await other.query('select pg_advisory_unlock($1)', [MARKET_FEEDS_LOCK])
        expect((await run({ bricklink: bricklinkFeed() })).status).toBe('ran')
      } finally {
        await other.end()
      }
    },
  )
})
