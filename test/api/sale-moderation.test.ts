import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import {
  priceByConditionSchema,
  priceSummarySchema,
  saleSchema,
  salesListSchema,
} from '#shared/contract/market.ts'
import { reviewSalesSchema } from '#shared/contract/moderation.ts'
import { addDays } from '#shared/dates.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Moderating sales (DESIGN §4, issue 12): the queue of pending sales, rejecting with a reason its
 * submitter sees, and overruling a rejection. With the read cache on, so a stale price would show.
 */
const context = setupTestApp({ readCacheTtlMs: 60_000 })
const today = new Date().toISOString().slice(0, 10)
const daysAgo = (days: number) => addDays(today, -days)

type Who = 'member' | 'stranger' | 'trusted' | 'admin'
const people = {} as Record<Who, { cookie: string; id: string; email: string }>
const ids = { galaxy: 0, falcon: 0, sealed: 0 }

beforeAll(async () => {
  for (const who of ['member', 'stranger', 'trusted', 'admin'] as const) {
    const email = uniqueEmail(who)
    const { cookie, id } = await signUp(context.app, { email, firstName: who, lastName: 'Tester' })
    people[who] = { cookie, id, email }
  }
  await context.database.db.execute(sql`update users set is_trusted = true where id = ${people.trusted.id}`)
  await context.database.db.execute(sql`update users set role = 'admin' where id = ${people.admin.id}`)
  const rows = await queryRows<{ key: keyof typeof ids; id: number }>(
    context.database.db,
    sql`select 'galaxy' as key, id from items where number = '10497-1'
      union all select 'falcon', id from items where number = '75192-1'
      union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  for (const row of rows) ids[row.key] = row.id
})

async function send(method: 'GET' | 'POST', url: string, who?: Who, payload?: unknown) {
  // A request sees the prices of every sale change committed before it (they are recomputed after commit).
  await pricesSettled(context.app)
  return context.app.inject({
    method,
    url,
    headers: who ? { cookie: people[who].cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

async function record(who: Who, itemId: number, body: Record<string, unknown>) {
  const response = await send('POST', `/api/items/${itemId}/sales`, who, {
    currency: 'GBP',
    source: 'eBay',
    conditionId: ids.sealed,
    saleDate: today,
    ...body,
  })
  expect(response.statusCode, response.body).toBe(201)
  return saleSchema.parse(response.json())
}

const reject = (saleId: number, who: Who, reason: unknown) =>
  send('POST', `/api/sales/${saleId}/reject`, who, reason === undefined ? {} : { reason })

const queue = async (who: Who, query = '') => {
  const response = await send('GET', `/api/moderation/sales${query}`, who)
  expect(response.statusCode, response.body).toBe(200)
  return reviewSalesSchema.parse(response.json())
}

const summaryOf = async (itemId: number) =>
  priceSummarySchema.parse((await send('GET', `/api/items/${itemId}/price-summary`)).json())

const salesSeenBy = async (itemId: number, who?: Who) =>
  salesListSchema.parse((await send('GET', `/api/items/${itemId}/sales?limit=200`, who)).json())

const flagsOf = (saleId: number) =>
  queryRows<{ entityType: string; code: string; status: string; notes: string; createdBy: string }>(
    context.database.db,
    sql`select entity_type as "entityType", code, status, notes, created_by as "createdBy"
      from moderation_flags where entity_type = 'sale' and entity_id = ${String(saleId)} order by id`,
  )

describe('the queue of sales to review', () => {
  it('lists pending sales oldest first, with their item, price, proof and submitter, to moderators only', async () => {
    const first = await record('member', ids.galaxy, {
      price: '54.20',
      currency: 'EUR',
      saleDate: daysAgo(4),
      source: 'Vinted',
      sourceRef: 'order-1001',
      proofUrl: 'https://example.com/sold/1001',
    })
    const second = await record('stranger', ids.falcon, { price: '640', saleDate: daysAgo(1) })
    // A moderator's own sale is verified on entry: never in the queue.
    await record('trusted', ids.galaxy, { price: '49', saleDate: daysAgo(2) })

    const refused = await send('GET', '/api/moderation/sales', 'member')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      message: 'Only trusted members and admins can review sales.',
      code: 'FORBIDDEN',
    })
    expect((await send('GET', '/api/moderation/sales')).statusCode).toBe(401)

    const page = await queue('trusted')
    expect(page.total).toBe(2)
    expect(page.sales.map((sale) => sale.id)).toEqual([first.id, second.id])
    expect(page.sales[0]).toMatchObject({
      status: 'pending',
      originalPrice: '54.20',
      currency: 'EUR',
      priceGbp: first.priceGbp,
      condition: { id: ids.sealed, label: 'New/Sealed' },
      saleDate: daysAgo(4),
      source: 'Vinted',
      sourceRef: 'order-1001',
      proofUrl: 'https://example.com/sold/1001',
      rejectionReason: null,
      item: { id: ids.galaxy, type: 'set', number: '10497-1', name: 'Galaxy Explorer' },
      submitter: { id: people.member.id, name: 'member Tester', email: people.member.email },
    })
    expect(page.sales[0]?.item.slug).toMatch(/^10497-1-/)
    expect((await queue('admin', '?limit=1&offset=1')).sales.map((sale) => sale.id)).toEqual([second.id])
  })

  it('refuses bad paging and statuses with messages', async () => {
    for (const [query, message] of [
      ['?status=verified', "status must be 'pending' or 'rejected'"],
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=101', 'limit must be at most 100'],
      ['?offset=-1', 'offset must be at least 0'],
    ] as const) {
      const response = await send('GET', `/api/moderation/sales${query}`, 'admin')
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message, query).toContain(message)
    }
  })
})

describe('rejecting a sale', () => {
  it('asks for a reason, from a moderator, and writes nothing otherwise', async () => {
    const sale = await record('member', ids.falcon, { price: '601', saleDate: daysAgo(6) })
    const cases: Array<[Who, unknown, number, string]> = [
      ['member', 'Looks fine to me', 403, 'Only trusted members and admins can reject sales.'],
      ['trusted', undefined, 400, 'Please give a reason'],
      ['trusted', '   ', 400, 'Please give a reason'],
      ['trusted', 42, 400, 'Please give a reason'],
      ['trusted', 'x'.repeat(501), 400, 'Reason must be at most 500 characters'],
    ]
    for (const [who, reason, status, message] of cases) {
      const response = await reject(sale.id, who, reason)
      expect(response.statusCode, String(reason)).toBe(status)
      expect(response.json().message).toContain(message)
    }
    const unknown = await reject(2_000_000_000, 'trusted', 'No such sale')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Sale not found')
    expect(await flagsOf(sale.id)).toEqual([])
    expect((await salesSeenBy(ids.falcon, 'member')).sales.find((s) => s.id === sale.id)?.status).toBe(
      'pending',
    )
  })

  it('rejects with the reason kept as a moderation flag; the submitter sees it, nobody else but moderators', async () => {
    const sale = await record('member', ids.falcon, { price: '9.99', saleDate: daysAgo(5) })
    const reason = '  A minifigure sold alone, not the set.  '
    const response = await reject(sale.id, 'trusted', reason)
    expect(response.statusCode, response.body).toBe(200)
    expect(saleSchema.parse(response.json())).toMatchObject({
      id: sale.id,
      status: 'rejected',
      rejectionReason: 'A minifigure sold alone, not the set.',
    })
    expect(await flagsOf(sale.id)).toEqual([
      {
        entityType: 'sale',
        code: 'rejected',
        status: 'resolved',
        notes: 'A minifigure sold alone, not the set.',
        createdBy: people.trusted.id,
      },
    ])

    const own = (await salesSeenBy(ids.falcon, 'member')).sales.find((s) => s.id === sale.id)
    expect(own).toMatchObject({
      status: 'rejected',
      rejectionReason: 'A minifigure sold alone, not the set.',
    })
    const moderatorView = (await salesSeenBy(ids.falcon, 'admin')).sales.find((s) => s.id === sale.id)
    expect(moderatorView?.rejectionReason).toBe('A minifigure sold alone, not the set.')
    for (const who of ['stranger', undefined] as const) {
      const seen = await salesSeenBy(ids.falcon, who)
      expect(seen.sales.some((s) => s.id === sale.id || s.status === 'rejected')).toBe(false)
    }
    expect((await queue('trusted')).sales.some((s) => s.id === sale.id)).toBe(false)
    const rejected = await queue('trusted', '?status=rejected')
    expect(rejected.sales[0]).toMatchObject({
      id: sale.id,
      rejectionReason: 'A minifigure sold alone, not the set.',
    })

    // Once is enough: a second rejection is refused and the first reason stands.
    const again = await reject(sale.id, 'admin', 'Another reason')
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This sale has already been rejected.')
    expect(await flagsOf(sale.id)).toHaveLength(1)
  })

  it('takes a verified sale out of the fair price, and verifying it again puts it back', async () => {
    const itemId = ids.galaxy
    await record('trusted', itemId, { price: '100', saleDate: daysAgo(3) })
    await record('trusted', itemId, { price: '120', saleDate: daysAgo(10) })
    const outlier = await record('admin', itemId, { price: '900', saleDate: daysAgo(1) })
    const withOutlier = await summaryOf(itemId)
    const countWith = withOutlier.new.salesCount

    const rejected = await reject(outlier.id, 'trusted', 'A typo: 90, not 900.')
    expect(rejected.json().status).toBe('rejected')
    const without = await summaryOf(itemId)
    expect(without.new.salesCount).toBe(countWith - 1)
    expect(without.new.avg30d).not.toBe(withOutlier.new.avg30d)
    expect(without.new.lastSale).not.toBe('900.00')
    const conditions = priceByConditionSchema.parse(
      (await send('GET', `/api/items/${itemId}/price-by-condition`)).json(),
    )
    expect(conditions.find((row) => row.conditionId === ids.sealed)?.count).toBe(countWith - 1)

    const verified = await send('POST', `/api/sales/${outlier.id}/verify`, 'admin')
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toMatchObject({ status: 'verified', rejectionReason: null })
    expect(await summaryOf(itemId)).toMatchObject({
      new: { ...withOutlier.new, updatedAt: expect.any(String) },
    })
    // The rejection is overruled, and stays on record as such.
    expect((await flagsOf(outlier.id)).map((flag) => flag.status)).toEqual(['dismissed'])

    // The prices the incremental updates leave equal a rebuild from the sales. (Not the history: a day
    // recomputed keeps its point, one a rebuild has no reason to write, as after a deletion.)
    const read = async () => {
      await pricesSettled(context.app)
      return Promise.all([
        queryRows(
          context.database.db,
          sql`select item_id, grade, fair_price_gbp, last_sale_price, avg30d, avg90d, volume30d, sales_count90d,
              sales_count, trend, confidence, basis, basis_count from price_snapshots order by item_id, grade`,
        ),
        queryRows(
          context.database.db,
          sql`select * from price_condition_stats order by item_id, condition_id`,
        ),
      ])
    }
    await reject(outlier.id, 'admin', 'Rejected after all.')
    const before = await read()
    const { rebuildAllPrices } = await import('#server/modules/market/market.rebuild.ts')
    await rebuildAllPrices({ db: context.database.db })
    expect(await read()).toEqual(before)
  })

  it('lets a moderator verify a rejected pending sale: it counts from then on', async () => {
    const sale = await record('member', ids.falcon, { price: '655', saleDate: daysAgo(2) })
    await reject(sale.id, 'trusted', 'No proof given.')
    const before = await summaryOf(ids.falcon)
    const verified = await send('POST', `/api/sales/${sale.id}/verify`, 'trusted')
    expect(verified.json()).toMatchObject({ status: 'verified', rejectionReason: null })
    expect((await summaryOf(ids.falcon)).new.salesCount).toBe(before.new.salesCount + 1)
    const seen = (await salesSeenBy(ids.falcon, 'stranger')).sales.find((s) => s.id === sale.id)
    expect(seen).toMatchObject({ status: 'verified', rejectionReason: null })
  })
})

describe('the Sales History and the other answers write a sale alike', () => {
  // A page splices each sale's kept JSON (sales.page_json, written by the database) with what it leaves out;
  // every other answer reads the sale's columns. The two must agree on every field, whatever the text holds.
  it('as recorded, rejected, verified again and edited in the database', async () => {
    const awkward = 'order "1002" \\ ünïcode ✓\tand a tab'
    const pending = await record('member', ids.galaxy, {
      price: '54.20',
      currency: 'EUR',
      saleDate: daysAgo(3),
      source: 'BrickLink',
      sourceRef: awkward,
      proofUrl: 'https://example.com/sold?id=1002&note=%22sealed%22',
    })
    const verified = await record('trusted', ids.galaxy, { price: '61', saleDate: daysAgo(2) })
    const onPage = async (saleId: number, who?: Who) =>
      (await salesSeenBy(ids.galaxy, who)).sales.find((sale) => sale.id === saleId)

    expect(pending).toMatchObject({ status: 'pending', sourceRef: awkward, submitterId: people.member.id })
    // The statement that records sales writes their text itself (ADR 044); the trigger writes it at any other
    // write, and both write the same.
    const kept = await queryRows<{ page: string | null; written: string }>(
      context.database.db,
      sql`select page_json as page, sale_page_text(s) as written from sales s where id in (${pending.id}, ${verified.id})`,
    )
    expect(kept).toHaveLength(2)
    for (const { page, written } of kept) expect(page).toBe(written)
    expect(await onPage(pending.id, 'admin')).toEqual(pending)
    expect(await onPage(pending.id, 'member')).toEqual(pending)
    expect(await onPage(verified.id, 'trusted')).toEqual(verified)
    // Who submitted a sale is not everyone's to know; the rest is the same.
    expect(await onPage(verified.id)).toEqual({ ...verified, submitterId: null })

    const rejected = saleSchema.parse(
      (await reject(pending.id, 'admin', 'A "used" set \\ not sealed')).json(),
    )
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'A "used" set \\ not sealed' })
    expect(await onPage(pending.id, 'member')).toEqual(rejected)
    const overruled = await send('POST', `/api/sales/${pending.id}/verify`, 'admin')
    expect(overruled.statusCode, overruled.body).toBe(200)
    expect(await onPage(pending.id)).toEqual({ ...saleSchema.parse(overruled.json()), submitterId: null })

    // Any write of a sale rewrites its kept JSON, whoever makes it.
    await context.database.db.execute(
      sql`update sales set source_ref = null, proof_url = null, price_gbp = 12.5 where id = ${verified.id}`,
    )
    expect(await onPage(verified.id, 'trusted')).toEqual({
      ...verified,
      sourceRef: null,
      proofUrl: null,
      priceGbp: '12.50',
    })
  })

  it('with a proof address too long for the index that carries the text', async () => {
    // A B-tree entry holds at most 2,704 bytes, and the Sales History's index carries each sale's text (ADR 043):
    // a longer text is not kept, and the page writes it from the sale when it is read.
    const proofUrl = `https://example.com/sold/${'ü'.repeat(1900)}`
    const long = await record('trusted', ids.galaxy, { price: '57', saleDate: daysAgo(1), proofUrl })
    const short = await record('trusted', ids.galaxy, { price: '58', saleDate: daysAgo(1) })
    const pending = await record('member', ids.galaxy, { price: '59', saleDate: daysAgo(1), proofUrl })
    expect(long.proofUrl).toBe(proofUrl)
    const kept = await queryRows<{ id: number; kept: boolean }>(
      context.database.db,
      sql`select id, page_json is not null as kept from sales where id in (${long.id}, ${short.id}, ${pending.id})`,
    )
    expect(Object.fromEntries(kept.map((row) => [row.id, row.kept]))).toEqual({
      [long.id]: false,
      [short.id]: true,
      [pending.id]: false,
    })
    const onPage = async (saleId: number, who?: Who) =>
      (await salesSeenBy(ids.galaxy, who)).sales.find((sale) => sale.id === saleId)
    expect(await onPage(long.id)).toEqual({ ...long, submitterId: null })
    expect(await onPage(long.id, 'trusted')).toEqual(long)
    expect(await onPage(pending.id, 'member')).toEqual(pending)
    expect(await onPage(short.id)).toEqual({ ...short, submitterId: null })
  })

  it('with its condition as it is named now', async () => {
    // The sale keeps its condition's label in its kept JSON too (ADR 040): a renamed condition rewrites its sales.
    const sale = await record('trusted', ids.galaxy, { price: '48', saleDate: daysAgo(1) })
    const conditionId = sale.condition.id
    const renamed = (label: string) =>
      context.database.db.execute(sql`update conditions set label = ${label} where id = ${conditionId}`)
    const onPage = async () => (await salesSeenBy(ids.galaxy)).sales.find((shown) => shown.id === sale.id)
    try {
      await renamed('Sealed "mint", boxed')
      expect(await onPage()).toEqual({
        ...sale,
        condition: { id: conditionId, label: 'Sealed "mint", boxed' },
        submitterId: null,
      })
    } finally {
      await renamed(sale.condition.label)
    }
    expect(await onPage()).toEqual({ ...sale, submitterId: null })
  })
})
