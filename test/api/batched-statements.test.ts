import { sql } from 'drizzle-orm'
import pg from 'pg'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { saleSchema } from '#shared/contract/market.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'
import type { TestDatabase } from '../support/test-database.ts'

/**
 * Requests that arrive together share one statement (db/batch.ts): the session lookups, and the sales
 * recorded. Each request must still get its own answer, as if it had been alone.
 */
const context = setupTestApp()
const today = new Date().toISOString().slice(0, 10)

let people: Record<'member' | 'trusted', string>
const ids = { falcon: 0, galaxy: 0, figure: 0, sealed: 0, openBox: 0 }

beforeAll(async () => {
  people = await signUpPeople(context.app, context.database.db, ['member', 'trusted'])
  const rows = await queryRows<{ key: string; id: number }>(
    context.database.db,
    sql`select 'falcon' as key, id from items where number = '75192-1'
      union all select 'galaxy', id from items where number = '10497-1'
      union all select 'figure', id from items where number = 'sw0002'
      union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'
      union all select 'openBox', id from conditions where category = 'set' and label = 'New/Open box'`,
  )
  for (const row of rows) ids[row.key as keyof typeof ids] = row.id
})

describe('session lookups made at the same moment', () => {
  it('answer each request with its own user, and a stale cookie with none', async () => {
    const accounts = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const email = uniqueEmail(`batch${index}`)
        return { email, cookie: (await signUp(context.app, { email })).cookie }
      }),
    )
    const requests = [
      ...accounts.map((account) => account.cookie),
      'bf_session=not-a-session',
      undefined,
    ].map((cookie) => context.app.inject({ url: '/api/auth/user', headers: cookie ? { cookie } : {} }))
    const responses = await Promise.all(requests)
    accounts.forEach((account, index) => {
      expect(responses[index]?.statusCode).toBe(200)
      expect(responses[index]?.json().email).toBe(account.email)
    })
    expect(responses[8]?.statusCode).toBe(401)
    expect(responses[8]?.headers['set-cookie']).toContain('bf_session=;')
    expect(responses[9]?.statusCode).toBe(401)
  })
})

describe('sales recorded at the same moment', () => {
  it('each gets its own answer: recorded, a duplicate, an unknown item or condition, pending', async () => {
    const body = (price: string, extra: Record<string, unknown> = {}) => ({
      price,
      currency: 'GBP',
      conditionId: ids.sealed,
      saleDate: today,
      source: 'eBay',
      ...extra,
    })
    const sends: Array<{ cookie: string; itemId: number; payload: Record<string, unknown> }> = [
      ...Array.from({ length: 20 }, (_, index) => ({
        cookie: people.trusted,
        itemId: index % 2 === 0 ? ids.falcon : ids.galaxy,
        payload: body(`${500 + index}.50`, { sourceRef: `batch-${index}` }),
      })),
      // The same sale twice in one round: one is recorded, the other is the duplicate.
      { cookie: people.trusted, itemId: ids.falcon, payload: body('700', { sourceRef: 'twice' }) },
      { cookie: people.trusted, itemId: ids.falcon, payload: body('700', { sourceRef: 'twice' }) },
      // A condition by its label, in another case.
      {
        cookie: people.trusted,
        itemId: ids.galaxy,
        payload: body('650', { conditionId: undefined, condition: 'new/open BOX' }),
      },
      // A set's condition on a minifigure, and an item that does not exist.
      { cookie: people.trusted, itemId: ids.figure, payload: body('30') },
      { cookie: people.trusted, itemId: 2_000_000_000, payload: body('30') },
      // A member's sale waits for a moderator.
      { cookie: people.member, itemId: ids.falcon, payload: body('1.00', { sourceRef: 'member' }) },
    ]
    const responses = await Promise.all(
      sends.map((send) =>
        context.app.inject({
          method: 'POST',
          url: `/api/items/${send.itemId}/sales`,
          headers: { cookie: send.cookie },
          payload: send.payload,
        }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201))
    expect(statuses.slice(20, 22).sort()).toEqual([201, 409])
    expect(statuses.slice(22)).toEqual([201, 400, 404, 201])

    const sales = responses.flatMap((response) =>
      response.statusCode === 201 ? [saleSchema.parse(response.json())] : [],
    )
    expect(new Set(sales.map((sale) => sale.id)).size).toBe(sales.length)
    sends.forEach((send, index) => {
      const response = responses[index]
      if (response?.statusCode !== 201) return
      const sale = saleSchema.parse(response.json())
      expect(sale).toMatchObject({ itemId: send.itemId, sourceRef: send.payload.sourceRef ?? null })
      expect(Number(sale.originalPrice)).toBe(Number(send.payload.price))
    })
    expect(saleSchema.parse(responses[22]?.json()).condition).toEqual({
      id: ids.openBox,
      label: 'New/Open box',
    })
    expect(saleSchema.parse(responses[25]?.json()).status).toBe('pending')
    expect(responses[24]?.json().message).toBe('Item not found')

    // The statistics moved with the sales: equal to counting the verified sales again.
    await pricesSettled(context.app)
    const [counted, recounted] = await Promise.all([
      queryRows(
        context.database.db,
        sql`select item_id, condition_id, sales_count, total_price_gbp::text as total from price_condition_stats
          order by item_id, condition_id`,
      ),
      queryRows(
        context.database.db,
        sql`select item_id, condition_id, count(*)::int as sales_count, sum(price_gbp)::text as total from sales
          where status = 'verified' group by item_id, condition_id order by item_id, condition_id`,
      ),
    ])
    expect(counted).toEqual(recounted)
    expect(counted.length).toBeGreaterThan(0)
  })
})

describe.runIf(inject('databaseDriver') === 'postgres')('a statement of sales held up (PostgreSQL)', () => {
  it('holds up the sales recorded after it only for a moment: they go in a statement of their own', async () => {
    const sale = (itemId: number, sourceRef: string) =>
      context.app.inject({
        method: 'POST',
        url: `/api/items/${itemId}/sales`,
        headers: { cookie: people.trusted },
        payload: {
          price: '99.00',
          currency: 'GBP',
          conditionId: ids.sealed,
          saleDate: today,
          source: 'eBay',
          sourceRef,
        },
      })
    // Another connection locks the Falcon's row: a sale of it waits at its foreign key until that transaction ends.
    const other = new pg.Client({ connectionString: (context.database as TestDatabase).url })
    await other.connect()
    try {
      await other.query('begin')
      await other.query('select id from items where id = $1 for update', [ids.falcon])
      const held = sale(ids.falcon, 'held-up')
      await expect
        .poll(
          async () =>
            (
              await other.query(
                "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
              )
            ).rows[0].n,
          { timeout: 5_000, interval: 20 },
        )
        .toBe(1)
      const startedAt = Date.now()
      const timeout = new Promise<'still waiting'>((resolve) =>
        setTimeout(() => resolve('still waiting'), 5_000),
      )
      const next = await Promise.race([sale(ids.galaxy, 'after-held-up'), timeout])
      expect(next === 'still waiting' ? next : next.statusCode).toBe(201)
      expect(Date.now() - startedAt).toBeLessThan(2_000)
      await other.query('rollback')
      expect((await held).statusCode).toBe(201)
    } finally {
      await other.end()
    }
  })
})

describe('an item page’s prices asked for at the same moment', () => {
  it('answer each item with its own summary, statistics and history, as alone, and an unknown item with 404', async () => {
    await context.app.inject({
      method: 'POST',
      url: `/api/items/${ids.falcon}/sales`,
      headers: { cookie: people.trusted },
      payload: { price: '612.00', currency: 'GBP', conditionId: ids.sealed, saleDate: today, source: 'eBay' },
    })
    await pricesSettled(context.app)
    const urls = [ids.falcon, 2_000_000_000, ids.galaxy, ids.figure, ids.falcon].flatMap((itemId) => [
      `/api/items/${itemId}/price-summary`,
      `/api/items/${itemId}/price-by-condition`,
      `/api/items/${itemId}/price-history?range=30d&grade=new`,
      `/api/items/${itemId}/price-history?range=all&grade=used`,
      `/api/items/${itemId}/price-history?range=1y`,
    ])
    const answer = async (url: string) => {
      const response = await context.app.inject({ url })
      return { status: response.statusCode, body: response.json() }
    }
    const alone: Array<{ status: number; body: unknown }> = []
    for (const url of urls) alone.push(await answer(url))
    const together = await Promise.all(urls.map(answer))
    expect(together).toEqual(alone)
    expect(together.map((one) => one.status)).toEqual(
      [200, 404, 200, 200, 200].flatMap((status) => Array(5).fill(status)),
    )
    const of = (item: number, read: number) => together[item * 5 + read]?.body
    expect(of(0, 0)).toMatchObject({ new: { hasData: true }, updating: false })
    expect(of(0, 0)).not.toEqual(of(2, 0))
    expect(of(0, 1)).toContainEqual(expect.objectContaining({ conditionId: ids.sealed, grade: 'new' }))
    expect(of(0, 2)).toMatchObject({
      points: expect.arrayContaining([expect.objectContaining({ date: today })]),
    })
    expect(of(0, 2)).not.toEqual(of(0, 3))
    expect(of(1, 0)).toMatchObject({ message: 'Item not found' })
  })
})
