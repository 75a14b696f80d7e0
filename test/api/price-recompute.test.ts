import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { queryRows } from '#server/db/client.ts'
import { pairsVerifiedSales, parseSales } from '#server/modules/market/market.batch.repo.ts'
import type { RecomputePass } from '#server/modules/market/market.recompute.ts'
import { priceSummarySchema } from '#shared/contract/market.ts'
import { addDays, todayUtc } from '#shared/dates.ts'
import { summarizeColumns } from '#shared/pricing.ts'
import { signUpPeople } from '../support/people.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Prices are recomputed after commit (issue 13 part 5, DESIGN §5): a sale commits with a queue row and the
 * answer does not wait; a worker coalesces an item's queued changes into one recompute; what a stopped
 * process left queued is recomputed by the next one to start. This file's app runs no worker of its own, so
 * the queue can be seen between the commit and the recompute.
 */
const context = setupTestApp({ recompute: { run: false } })
const today = todayUtc()
let people: Record<'trusted', string>
let itemId: number
let sealed: number

beforeAll(async () => {
  people = await signUpPeople(context.app, context.database.db, ['trusted'])
  const [row] = await queryRows<{ item: number; sealed: number }>(
    context.database.db,
    sql`select (select id from items where number = '10497-1') as item,
      (select id from conditions where category = 'set' and label = 'New/Sealed') as sealed`,
  )
  itemId = row?.item as number
  sealed = row?.sealed as number
})

const record = async (price: string, saleDate = today) => {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/items/${itemId}/sales`,
    headers: { cookie: people.trusted },
    payload: { price, currency: 'GBP', conditionId: sealed, saleDate, source: 'eBay' },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as number
}
const summary = async () =>
  priceSummarySchema.parse((await context.app.inject({ url: `/api/items/${itemId}/price-summary` })).json())
const queued = async () =>
  (
    await queryRows<{ n: number }>(
      context.database.db,
      sql`select count(*)::int as n from price_recompute_queue where item_id = ${itemId}`,
    )
  )[0]?.n

describe('a sale', () => {
  it('commits with its queue row and answers before the recompute; the summary says it is updating', async () => {
    const before = await summary()
    expect(before.updating).toBe(false)
    await record('100')
    expect(await queued()).toBe(1)
    const during = await summary()
    expect(during.updating).toBe(true)
    expect(during.new).toEqual(before.new)

    await context.app.priceRecompute.drain()
    const after = await summary()
    expect(after.updating).toBe(false)
    expect(after.new).toMatchObject({ fairPrice: '100.00', salesCount: 1, hasData: true })
    expect(await queued()).toBe(0)
  })

  it('many sales of one item are coalesced into one recompute from the earliest day', async () => {
    const passes: RecomputePass[] = []
    const worker = await buildApp({
      db: context.database.db,
      recompute: { run: false, onPass: (pass) => passes.push(pass) },
    })
    try {
      const prices = ['90', '110', '95', '105', '100', '120', '80', '130', '70', '100']
      for (const [index, price] of prices.entries()) await record(price, addDays(today, -index))
      expect(await queued()).toBe(prices.length)
      await worker.priceRecompute.drain()
      expect(passes).toHaveLength(1)
      expect(passes[0]).toMatchObject({
        recomputed: 1,
        changes: prices.length,
        itemIds: [itemId],
        failed: [],
      })
      // The history was recomputed from the oldest of them: each day has its point.
      const days = await queryRows<{ day: string }>(
        context.database.db,
        sql`select day::text from price_history where item_id = ${itemId} and grade = 'new'
          and day >= ${addDays(today, -(prices.length - 1))} order by day`,
      )
      expect(days.map((row) => row.day)).toEqual(
        prices.map((_, index) => addDays(today, -(prices.length - 1) + index)),
      )
      expect((await summary()).new.salesCount).toBe(prices.length + 1)
      const [stats] = await queryRows<{ count: number; total: string }>(
        context.database.db,
        sql`select sales_count as count, total_price_gbp::text as total from price_condition_stats
          where item_id = ${itemId} and condition_id = ${sealed}`,
      )
      expect(stats).toEqual({ count: 11, total: '1100.00' })
    } finally {
      await worker.close()
    }
  })

  it('left queued by a process that stopped, is recomputed by the next one as it starts', async () => {
    const sale = await record('400')
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/sales/${sale}`,
      headers: { cookie: people.trusted },
    })
    expect(deleted.statusCode).toBe(204)
    await record('300')
    expect(await queued()).toBe(3)
    // Another instance starts (its worker drains the queue at start): nothing is lost.
    const next = await buildApp({ db: context.database.db, listen: context.database.listen })
    try {
      await next.ready()
      await expect.poll(queued, { timeout: 10_000 }).toBe(0)
      expect((await summary()).new.salesCount).toBe(12)
    } finally {
      await next.close()
    }
  })

  it('wakes a listening worker at once: the snapshot follows the commit within the poll interval', async () => {
    const worker = await buildApp({
      db: context.database.db,
      listen: context.database.listen,
      // It polls once a minute: only the notification can wake it in time.
      recompute: { pollMs: 60_000 },
    })
    try {
      await worker.ready()
      await expect.poll(queued, { timeout: 10_000 }).toBe(0)
      const committed = Date.now()
      await record('500')
      await expect.poll(queued, { timeout: 5_000, interval: 20 }).toBe(0)
      expect(Date.now() - committed).toBeLessThan(5_000)
      expect((await summary()).new.salesCount).toBe(13)
    } finally {
      await worker.close()
    }
  })
})

describe('a worker’s kept sales (ADR 030)', () => {
  let other: number
  beforeAll(async () => {
    const [row] = await queryRows<{ id: number }>(
      context.database.db,
      sql`select id from items where type = 'set' and id <> ${itemId} order by id limit 1`,
    )
    other = row?.id as number
  })
  const recordOn = async (price: string) => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/items/${other}/sales`,
      headers: { cookie: people.trusted },
      payload: { price, currency: 'GBP', conditionId: sealed, saleDate: today, source: 'eBay' },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id as number
  }
  /** The snapshot as stored, and as a recompute reading every sale afresh computes it. */
  const storedAndTruth = async () => {
    const [stored] = await queryRows<{ fairPrice: string; basisCount: number; salesCount90d: number }>(
      context.database.db,
      sql`select fair_price_gbp::text as "fairPrice", basis_count as "basisCount",
        sales_count90d as "salesCount90d" from price_snapshots where item_id = ${other} and grade = 'new'`,
    )
    const [sales] = await pairsVerifiedSales(
      context.database.db,
      [{ itemId: other, grade: 'new' }],
      addDays(today, -89),
    )
    const truth = summarizeColumns(parseSales(sales as NonNullable<typeof sales>), today)
    return {
      stored,
      truth: { fairPrice: truth.fairPrice, basisCount: truth.basisCount, salesCount90d: truth.salesCount90d },
    }
  }
  const expectCurrent = async () => {
    const { stored, truth } = await storedAndTruth()
    expect(stored).toEqual(truth)
  }
  /** A worker of its own (an instance), and the pairs each of its passes priced from what it kept. */
  const worker = async () => {
    const passes: RecomputePass[] = []
    const app = await buildApp({
      db: context.database.db,
      recompute: { run: false, onPass: (pass) => passes.push(pass) },
    })
    return {
      app,
      /** Drains the queue; answers the pairs priced from kept sales. */
      drain: async () => {
        passes.length = 0
        await app.priceRecompute.drain()
        return passes.reduce((sum, pass) => sum + pass.keptPairs, 0)
      },
    }
  }

  it('are added to rather than read again when a pass only adds sales, and price the pair as a full read does', async () => {
    const a = await worker()
    try {
      for (const price of ['50', '60', '70', '80']) await recordOn(price)
      expect(await a.drain()).toBe(0)
      await expectCurrent()
      // Among the kept ones, in their order (a price between two kept, one above all).
      for (const price of ['65', '65.01', '900']) await recordOn(price)
      expect(await a.drain()).toBe(1)
      await expectCurrent()
      await recordOn('10')
      expect(await a.drain()).toBe(1)
      await expectCurrent()
      // Pass after pass: from the third on, each merge writes into the buffers two passes back (the spare ones).
      for (const price of ['64', '1', '66', '999', '65.5']) {
        await recordOn(price)
        expect(await a.drain()).toBe(1)
        await expectCurrent()
      }
    } finally {
      await a.app.close()
    }
  })

  it('are read again after another instance recomputed the pair, or after a change that did more than add', async () => {
    const a = await worker()
    const b = await worker()
    try {
      await recordOn('55')
      await a.drain()
      const removed = await recordOn('1000')
      await a.drain()
      // Another instance takes the deletion: worker a's memory still holds the sale of 1000.
      const deleted = await context.app.inject({
        method: 'DELETE',
        url: `/api/sales/${removed}`,
        headers: { cookie: people.trusted },
      })
      expect(deleted.statusCode).toBe(204)
      expect(await b.drain()).toBe(0)
      await expectCurrent()
      // A sale added now would be priced by a with the deleted one, were it not for the snapshot's stamp.
      await recordOn('56')
      const keptAfterTheirs = await a.drain()
      await expectCurrent()
      expect(keptAfterTheirs).toBe(0)
      await recordOn('57')
      expect(await a.drain()).toBe(1)
      await expectCurrent()
      // A change that did more than add (a rejection) is read in full by the worker that kept the pair too.
      const rejected = await recordOn('58')
      const rejection = await context.app.inject({
        method: 'POST',
        url: `/api/sales/${rejected}/reject`,
        headers: { cookie: people.trusted },
        payload: { reason: 'Not a real sale' },
      })
      expect(rejection.statusCode, rejection.body).toBe(200)
      expect(await a.drain()).toBe(0)
      await expectCurrent()
    } finally {
      await a.app.close()
      await b.app.close()
    }
  })
})
