import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { collectionEntrySchema, collectionPageSchema, portfolioSchema } from '#shared/contract/collections.ts'
import { addDays } from '#shared/dates.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp({ readCacheTtlMs: 60_000 })
const today = new Date().toISOString().slice(0, 10)
let people: Record<'owner' | 'other' | 'trusted', string>
const ids = { galaxy: 0, falcon: 0, figure: 0, sealed: 0 }

beforeAll(async () => {
  people = await signUpPeople(context.app, context.database.db, ['owner', 'other', 'trusted'])
  const rows = await queryRows<{ key: string; id: number }>(
    context.database.db,
    sql`select 'galaxy' as key, id from items where number = '10497-1'
      union all select 'falcon', id from items where number = '75192-1'
      union all select 'figure', id from items where number = 'sw0002'
      union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  for (const row of rows) ids[row.key as keyof typeof ids] = row.id
  // Real prices through the market API: the Galaxy Explorer's fair price is 100 today, 120 ten days ago.
  for (const [price, days] of [
    ['100', 0],
    ['120', 10],
    ['80', 30],
  ] as const) {
    const response = await context.app.inject({
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
    expect(response.statusCode, response.body).toBe(201)
  }
  await pricesSettled(context.app)
})

function add(cookie: string, payload: Record<string, unknown>) {
  return context.app.inject({ method: 'POST', url: '/api/collections', headers: { cookie }, payload })
}
async function added(cookie: string, payload: Record<string, unknown>) {
  const response = await add(cookie, payload)
  expect(response.statusCode, response.body).toBe(201)
  return collectionEntrySchema.parse(response.json())
}
const pageOf = async (cookie: string, query = '') =>
  collectionPageSchema.parse(
    (await context.app.inject({ url: `/api/collections${query}`, headers: { cookie } })).json(),
  )

describe('adding to the collection', () => {
  it('takes the spec’s payload, converts the price paid to pounds and values the entry', async () => {
    const entry = await added(people.owner, {
      itemId: String(ids.galaxy),
      condition: 'New/Sealed',
      quantity: '2',
      pricePaid: '80',
      currency: 'GBP',
      purchaseDate: addDays(today, -60),
    })
    expect(entry).toMatchObject({
      quantity: 2,
      pricePaid: '80.00',
      costBasis: '160.00',
      value: '200.00',
      pnl: '40.00',
      pnlPercent: '25.00',
      // Yesterday's fair price was 120: 2 × (100 − 120).
      change24h: '-40.00',
      change24hPercent: '-16.67',
      condition: { label: 'New/Sealed', grade: 'new' },
      priceSnapshot: { fairPriceGbp: '100.00', confidence: 'LOW' },
      purchaseDate: addDays(today, -60),
    })
    expect(entry.item).toMatchObject({ number: '10497-1', slug: '10497-1-galaxy-explorer' })
  })

  it('reads the price paid in the user’s display currency by default, and "0" when left empty', async () => {
    const dollars = await added(people.owner, {
      itemId: ids.falcon,
      condition: 'new/sealed',
      pricePaid: '100',
    })
    // 100 US dollars at the built-in 0.73 pounds per dollar; no fair price yet, so no value.
    expect(dollars).toMatchObject({
      pricePaid: '73.00',
      originalPrice: '100.00',
      currency: 'USD',
      quantity: 1,
    })
    expect(dollars).toMatchObject({ value: null, pnl: null, change24h: null })
    const free = await added(people.owner, { itemId: ids.figure, condition: 'Used', pricePaid: '' })
    expect(free).toMatchObject({ pricePaid: '0.00', costBasis: '0.00' })
  })

  it.each([
    [{ quantity: 0 }, 'Quantity must be at least 1'],
    [{ quantity: 'two' }, 'Quantity must be a number'],
    [{ quantity: 1.5 }, 'Quantity must be a whole number'],
    [{ condition: 'Mint' }, 'Condition not found'],
    [{ condition: '' }, 'Please select a condition'],
    [{ condition: undefined }, 'Please select a condition'],
    [{ pricePaid: '-5' }, 'Price paid must be an amount such as 49.99, not negative (at most 99999999.99)'],
    [
      { pricePaid: 'cheap' },
      'Price paid must be an amount such as 49.99, not negative (at most 99999999.99)',
    ],
    [{ purchaseDate: addDays(today, 3) }, 'Purchase date cannot be in the future'],
    [{ purchaseDate: '2026-13-01' }, 'Purchase date must be a real date'],
    [{ currency: 'XYZ' }, 'Currency must be one of'],
    [{ itemId: 'abc' }, 'itemId must be an item id'],
  ])('refuses %j with the spec’s message and writes nothing', async (overrides, message) => {
    const before = (await pageOf(people.owner)).total
    const response = await add(people.owner, { itemId: ids.galaxy, condition: 'New/Sealed', ...overrides })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain(message)
    expect((await pageOf(people.owner)).total).toBe(before)
  })

  it('answers 404 for an item that does not exist', async () => {
    const response = await add(people.owner, { itemId: 999999, condition: 'New/Sealed' })
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe('Item not found')
  })
})

describe('the collection page', () => {
  it('sums the whole collection and lists a page of it', async () => {
    const page = await pageOf(people.owner)
    expect(page.total).toBe(3)
    expect(page.summary).toMatchObject({
      entries: 3,
      totalItems: 4,
      setCount: 3,
      minifigCount: 1,
      totalValue: '200.00',
      costBasis: '233.00',
      // Issue 12: an unpriced entry is not a loss. The profit is the priced entry's: 200 − 160.
      pricedCost: '160.00',
      unrealizedPnl: '40.00',
      unrealizedPnlPercent: '25.00',
      change24h: '-40.00',
      unpricedEntries: 2,
      unpricedCost: '73.00',
    })
    expect(page.summary.topThemes[0]).toEqual({ theme: 'Icons', value: '200.00', items: 2 })
  })

  it('filters, searches, sorts and pages', async () => {
    expect((await pageOf(people.owner, '?filter=sets')).total).toBe(2)
    expect((await pageOf(people.owner, '?filter=minifigs')).entries.map((e) => e.item.type)).toEqual([
      'minifig',
    ])
    expect((await pageOf(people.owner, '?filter=gainers')).entries.map((e) => e.itemId)).toEqual([ids.galaxy])
    expect((await pageOf(people.owner, '?filter=decliners')).total).toBe(0)
    expect((await pageOf(people.owner, '?query=falcon')).entries.map((e) => e.itemId)).toEqual([ids.falcon])
    const byCost = await pageOf(people.owner, '?sort=cost&direction=desc')
    expect(byCost.entries.map((e) => e.costBasis)).toEqual(['160.00', '73.00', '0.00'])
    const second = await pageOf(people.owner, '?sort=cost&direction=desc&limit=1&offset=1')
    expect(second).toMatchObject({ total: 3, entries: [{ costBasis: '73.00' }] })
    expect((await pageOf(people.owner, '?offset=10')).total).toBe(3)
  })

  it('sorts by value either way, unpriced last and ties newest first, on every page, as prices move', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail('by-value') })
    const [other] = await queryRows<{ id: number }>(
      context.database.db,
      sql`select id from items where type = 'set' and id not in (${ids.galaxy}, ${ids.falcon}) order by id limit 1`,
    )
    const otherId = (other as { id: number }).id
    const entry = async (itemId: number, quantity: number) =>
      (await added(cookie, { itemId, condition: 'New/Sealed', quantity, pricePaid: '1' })).id
    const single = await entry(ids.galaxy, 1)
    const triple = await entry(ids.galaxy, 3)
    const unpriced = await entry(otherId, 2)
    const tie = await entry(ids.galaxy, 1)
    const unpricedToo = await entry(ids.falcon, 1)
    const order = async (query: string) => {
      const whole = (await pageOf(cookie, query)).entries.map((e) => e.id)
      const paged = []
      for (const offset of [0, 2, 4])
        paged.push(...(await pageOf(cookie, `${query}&limit=2&offset=${offset}`)).entries.map((e) => e.id))
      expect(paged, `${query} page by page`).toEqual(whole)
      return whole
    }
    expect(await order('?sort=value&direction=desc')).toEqual([triple, tie, single, unpricedToo, unpriced])
    expect(await order('?sort=value&direction=asc')).toEqual([tie, single, triple, unpricedToo, unpriced])

    // A sale prices the other set at 250 a piece: its entry of two becomes the most valuable.
    const sale = await context.app.inject({
      method: 'POST',
      url: `/api/items/${otherId}/sales`,
      headers: { cookie: people.trusted },
      payload: { price: '250', currency: 'GBP', conditionId: ids.sealed, saleDate: today, source: 'eBay' },
    })
    expect(sale.statusCode, sale.body).toBe(201)
    await pricesSettled(context.app)
    expect(await order('?sort=value&direction=desc')).toEqual([unpriced, triple, tie, single, unpricedToo])
    // And a change of quantity moves an entry too.
    const patched = await context.app.inject({
      method: 'PATCH',
      url: `/api/collections/${single}`,
      headers: { cookie },
      payload: { quantity: 10 },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(await order('?sort=value&direction=desc')).toEqual([single, unpriced, triple, tie, unpricedToo])
  })

  it('shows each change of an entry, field by field, on its page and in the change’s answer alike', async () => {
    // The page splices each entry's kept JSON (collections.page_json, written by the database when one of its
    // fields is): a field the database forgot to rewrite would show its old value in both.
    const cookie = (await signUpPeople(context.app, context.database.db, ['editor'])).editor
    const entry = await added(cookie, {
      itemId: ids.galaxy,
      condition: 'New/Sealed',
      quantity: 1,
      pricePaid: '80',
      currency: 'GBP',
    })
    const changes: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [{ quantity: 3 }, { quantity: 3 }],
      [
        { pricePaid: '90.5', currency: 'GBP' },
        { pricePaid: '90.50', originalPrice: '90.50', currency: 'GBP' },
      ],
      [{ purchaseDate: addDays(today, -9) }, { purchaseDate: addDays(today, -9) }],
      [{ documentedPurchase: true }, { documentedPurchase: true }],
      [
        { pricePaid: '100', currency: 'EUR' },
        { originalPrice: '100.00', currency: 'EUR' },
      ],
      [
        { purchaseDate: null, pricePaid: null },
        { purchaseDate: null, pricePaid: null, originalPrice: null },
      ],
      [{ condition: 'Used/Complete' }, { condition: expect.objectContaining({ label: 'Used/Complete' }) }],
    ]
    for (const [payload, expected] of changes) {
      const response = await context.app.inject({
        method: 'PATCH',
        url: `/api/collections/${entry.id}`,
        headers: { cookie },
        payload,
      })
      expect(response.statusCode, response.body).toBe(200)
      const answered = collectionEntrySchema.parse(response.json())
      expect(answered, JSON.stringify(payload)).toMatchObject(expected)
      const onPage = (await pageOf(cookie)).entries.find((row) => row.id === entry.id)
      expect(onPage).toEqual(answered)
    }
  })

  it('shows a renamed condition on every entry of it', async () => {
    // Conditions are reference data nobody renames today; the entries' kept JSON would still follow (ADR 031).
    const cookie = (await signUpPeople(context.app, context.database.db, ['renamer'])).renamer
    const entry = await added(cookie, { itemId: ids.figure, condition: 'Used', quantity: 1 })
    const shown = async () => (await pageOf(cookie)).entries.find((row) => row.id === entry.id)
    const before = await shown()
    const conditionId = before?.condition.id as number
    const renamed = async (label: string, grade: string) =>
      context.database.db.execute(
        sql`update conditions set label = ${label}, grade = ${grade} where id = ${conditionId}`,
      )
    try {
      await renamed('Used "played with", checked', 'new')
      expect(await shown()).toEqual({
        ...before,
        condition: { id: conditionId, label: 'Used "played with", checked', grade: 'new' },
      })
    } finally {
      await renamed(before?.condition.label as string, before?.condition.grade as string)
    }
    expect(await shown()).toEqual(before)
  })

  it('refuses bad paging and sorting', async () => {
    for (const [query, message] of [
      ['?limit=0', 'limit must be at least 1'],
      ['?sort=price', 'sort must be one of'],
      ['?filter=winners', 'filter must be one of'],
    ]) {
      const response = await context.app.inject({
        url: `/api/collections${query}`,
        headers: { cookie: people.owner },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toContain(message)
    }
  })

  it('shows nobody else’s entries, and needs a signed-in user', async () => {
    expect((await pageOf(people.other)).total).toBe(0)
    expect((await context.app.inject({ url: '/api/collections' })).statusCode).toBe(401)
    expect(
      (await context.app.inject({ url: '/api/me/collection', headers: { cookie: people.owner } })).json()
        .total,
    ).toBe(3)
  })

  it('agrees with /api/me/stats', async () => {
    const stats = (
      await context.app.inject({ url: '/api/me/stats', headers: { cookie: people.owner } })
    ).json()
    expect(stats).toEqual({
      collectionCount: 4,
      alertsCount: 0,
      totalValue: '200.00',
      estimatedEntries: 0,
      estimatedValue: '0.00',
    })
  })
})

describe('changing and removing entries', () => {
  it('edits quantity, condition, price and date; the valuation follows', async () => {
    const entry = await added(people.owner, {
      itemId: ids.galaxy,
      condition: 'New/Sealed',
      pricePaid: '50',
      currency: 'GBP',
    })
    const patch = (payload: Record<string, unknown>, cookie = people.owner) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/collections/${entry.id}`,
        headers: { cookie },
        payload,
      })
    const more = await patch({ quantity: 3 })
    expect(more.json()).toMatchObject({ quantity: 3, costBasis: '150.00', value: '300.00', pnl: '150.00' })
    const used = await patch({ condition: 'Used/Complete', purchaseDate: '2024-05-01' })
    expect(used.json()).toMatchObject({
      condition: { label: 'Used/Complete', grade: 'used' },
      value: null,
      purchaseDate: '2024-05-01',
    })
    const repriced = await patch({ pricePaid: '10', currency: 'EUR', purchaseDate: null })
    // 10 euros at the built-in rates: 10 × 0.73 / 0.85.
    expect(repriced.json()).toMatchObject({
      pricePaid: '8.59',
      originalPrice: '10.00',
      currency: 'EUR',
      purchaseDate: null,
    })

    const refused = await patch({ quantity: 0 })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe('Quantity must be at least 1')
    const empty = await patch({})
    expect(empty.statusCode).toBe(400)

    const someoneElse = await patch({ quantity: 9 }, people.other)
    expect(someoneElse.statusCode).toBe(404)
    expect(someoneElse.json().message).toBe('Collection entry not found')

    const removedByOther = await context.app.inject({
      method: 'DELETE',
      url: `/api/collections/${entry.id}`,
      headers: { cookie: people.other },
    })
    expect(removedByOther.statusCode).toBe(404)
    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/collections/${entry.id}`,
      headers: { cookie: people.owner },
    })
    expect(removed.statusCode).toBe(204)
    expect((await pageOf(people.owner)).total).toBe(3)
  })
})

describe('export and analytics', () => {
  it('exports the collection as CSV', async () => {
    const response = await context.app.inject({
      url: '/api/collections/export.csv',
      headers: { cookie: people.owner },
    })
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="brickfolio-collection-/)
    const lines = response.body.trim().split('\n')
    expect(lines[0]).toBe(
      'item_number,name,type,theme,condition,quantity,price_paid,price_paid_currency,price_paid_gbp,purchase_date,fair_price_gbp,cost_basis_gbp,value_gbp,pnl_gbp,value_basis',
    )
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain('10497-1,Galaxy Explorer,set,Icons,New/Sealed,2,80.00,GBP,80.00')
  })

  it('values the portfolio over time and splits it by theme and type', async () => {
    const response = await context.app.inject({
      url: '/api/me/portfolio?range=90d',
      headers: { cookie: people.owner },
    })
    const portfolio = portfolioSchema.parse(response.json())
    const last = portfolio.timeline.at(-1)
    // The cost line holds what the priced entries cost, so the gap between the lines is a real profit.
    expect(last).toEqual({ date: today, value: '200.00', costBasis: '160.00' })
    // Sixty days ago only the Galaxy Explorer was owned, before any sale priced it.
    expect(portfolio.timeline[0]).toMatchObject({ value: '0.00' })
    expect(portfolio.byType.find((row) => row.type === 'set')).toMatchObject({ value: '200.00', items: 3 })
    expect(portfolio.best.map((entry) => entry.itemId)).toEqual([ids.galaxy])
    expect(portfolio.worst).toEqual([])
    expect(portfolio.totalRoiPercent).toBe('25.00')
    const bad = await context.app.inject({
      url: '/api/me/portfolio?range=10y',
      headers: { cookie: people.owner },
    })
    expect(bad.statusCode).toBe(400)
  })
})

// Home, My Collection, Analytics and the profile stats agreeing: collection-agreement.test.ts.
describe('a collection the market has not priced yet', () => {
  it('is worth nothing known, not a loss: no P&L, no ROI, and the unpriced cost said apart', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail('falcon-owner') })
    await added(cookie, { itemId: ids.falcon, condition: 'New/Sealed', pricePaid: '799.99', currency: 'GBP' })
    const page = await pageOf(cookie)
    expect(page.summary).toMatchObject({
      totalValue: '0.00',
      costBasis: '799.99',
      pricedCost: '0.00',
      unrealizedPnl: '0.00',
      unrealizedPnlPercent: null,
      unpricedEntries: 1,
      unpricedCost: '799.99',
    })
    const portfolio = portfolioSchema.parse(
      (await context.app.inject({ url: '/api/me/portfolio?range=90d', headers: { cookie } })).json(),
    )
    expect(portfolio.totalRoiPercent).toBeNull()
    expect(portfolio.worst).toEqual([])
    expect(portfolio.timeline.at(-1)).toEqual({ date: today, value: '0.00', costBasis: '0.00' })
    const stats = await context.app.inject({ url: '/api/me/stats', headers: { cookie } })
    expect(stats.json().totalValue).toBe('0.00')
  })
})
