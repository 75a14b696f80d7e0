import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { queryRows } from '#server/db/client.ts'
import type { RecomputePass } from '#server/modules/market/market.recompute.ts'
import { priceSummarySchema } from '#shared/contract/market.ts'
import { addDays, todayUtc } from '#shared/dates.ts'
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
