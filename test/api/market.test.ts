import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import {
  priceByConditionSchema,
  priceHistorySchema,
  priceSummarySchema,
  saleSchema,
  salesListSchema,
} from '#shared/contract/market.ts'
import { addDays } from '#shared/dates.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp({ readCacheTtlMs: 60_000 })

/** The app once every committed sale change has reached the prices (they are recomputed after commit). */
const settled = async () => {
  await pricesSettled(context.app)
  return context.app
}
const today = new Date().toISOString().slice(0, 10)
const daysAgo = (days: number) => addDays(today, -days)

let people: Record<'user' | 'trusted' | 'admin', string>
const ids = { galaxy: 0, falcon: 0, figure: 0, sealed: 0, openBox: 0, usedComplete: 0, figureNew: 0 }

beforeAll(async () => {
  people = await signUpPeople(context.app, context.database.db, ['user', 'trusted', 'admin'])
  const rows = await queryRows<{ key: string; id: number }>(
    context.database.db,
    sql`select 'galaxy' as key, id from items where number = '10497-1'
      union all select 'falcon', id from items where number = '75192-1'
      union all select 'figure', id from items where number = 'sw0002'
      union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'
      union all select 'openBox', id from conditions where category = 'set' and label = 'New/Open box'
      union all select 'usedComplete', id from conditions where category = 'set' and label = 'Used/Complete'
      union all select 'figureNew', id from conditions where category = 'minifig' and label = 'New'`,
  )
  for (const row of rows) ids[row.key as keyof typeof ids] = row.id
})

function record(cookie: string, itemId: number, body: Record<string, unknown>) {
  return context.app.inject({
    method: 'POST',
    url: `/api/items/${itemId}/sales`,
    headers: { cookie },
    payload: { currency: 'GBP', source: 'eBay', conditionId: ids.sealed, saleDate: today, ...body },
  })
}

async function recorded(cookie: string, itemId: number, body: Record<string, unknown>) {
  const response = await record(cookie, itemId, body)
  expect(response.statusCode, response.body).toBe(201)
  return saleSchema.parse(response.json())
}

const summaryOf = async (itemId: number) =>
  priceSummarySchema.parse(
    (await (await settled()).inject({ url: `/api/items/${itemId}/price-summary` })).json(),
  )

describe('recording sales and the fair price', () => {
  it('computes the hand-worked case: three verified sales in 90 days', async () => {
    const first = await recorded(people.trusted, ids.galaxy, { price: '100', saleDate: today })
    expect(first).toMatchObject({
      status: 'verified',
      priceGbp: '100.00',
      originalPrice: '100.00',
      currency: 'GBP',
    })
    await recorded(people.trusted, ids.galaxy, { price: '120', saleDate: daysAgo(10) })
    await recorded(people.trusted, ids.galaxy, { price: '80', saleDate: daysAgo(30) })

    const summary = await summaryOf(ids.galaxy)
    expect(summary.new).toMatchObject({
      // By price: 80 (weight e^-1), 100 (1), 120 (e^-1/3); half the weight is reached at 100.
      fairPrice: '100.00',
      confidence: 'LOW',
      basis: '90d',
      volume30d: 2,
      avg30d: '110.00',
      avg90d: '100.00',
      // 110 against the 80 of the 30 days before.
      trend: '37.50',
      lastSale: '100.00',
      lastSaleDate: today,
      salesCount: 3,
      hasData: true,
    })
    expect(summary.new.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(summary.used).toMatchObject({ hasData: false, fairPrice: null, confidence: 'LOW', salesCount: 0 })

    const byCondition = priceByConditionSchema.parse(
      (await (await settled()).inject({ url: `/api/items/${ids.galaxy}/price-by-condition` })).json(),
    )
    expect(byCondition).toEqual([
      { conditionId: ids.sealed, label: 'New/Sealed', grade: 'new', count: 3, averageGbp: '100.00' },
    ])

    // As of 30 days ago only the 80; 10 days ago 80 and 120 (fewer than 3, all time: 120 weighs more); today 100.
    const history = priceHistorySchema.parse(
      (
        await (await settled()).inject({ url: `/api/items/${ids.galaxy}/price-history?range=30d&grade=new` })
      ).json(),
    )
    expect(history.points).toEqual([
      { date: daysAgo(30), fairPrice: '80.00' },
      { date: daysAgo(10), fairPrice: '120.00' },
      { date: today, fairPrice: '100.00' },
    ])
  })

  it('lets a sale older than 90 days count in the totals but not in the 90-day figures', async () => {
    await recorded(people.trusted, ids.galaxy, { price: '500', saleDate: daysAgo(200) })
    const summary = await summaryOf(ids.galaxy)
    expect(summary.new).toMatchObject({
      fairPrice: '100.00',
      avg90d: '100.00',
      salesCount: 4,
      salesCount90d: 3,
    })
    const year = priceHistorySchema.parse(
      (await (await settled()).inject({ url: `/api/items/${ids.galaxy}/price-history?range=1y` })).json(),
    )
    expect(year.points[0]).toEqual({ date: daysAgo(200), fairPrice: '500.00' })
    const month = priceHistorySchema.parse(
      (await (await settled()).inject({ url: `/api/items/${ids.galaxy}/price-history?range=30d` })).json(),
    )
    expect(month.points.map((point) => point.date)).toEqual([daysAgo(30), daysAgo(10), today])
  })

  it('keeps used and new apart', async () => {
    await recorded(people.trusted, ids.galaxy, {
      price: '60',
      conditionId: ids.usedComplete,
      saleDate: daysAgo(3),
    })
    const summary = await summaryOf(ids.galaxy)
    expect(summary.used).toMatchObject({ fairPrice: '60.00', salesCount: 1, hasData: true })
    expect(summary.new.fairPrice).toBe('100.00')
  })

  it('converts other currencies at the rate of the sale’s day and keeps the original', async () => {
    const usd = await recorded(people.trusted, ids.falcon, {
      price: '100',
      currency: 'USD',
      saleDate: daysAgo(1),
    })
    // No stored rate: the built-in 0.73 pounds per dollar.
    expect(usd).toMatchObject({ priceGbp: '73.00', originalPrice: '100.00', currency: 'USD' })
    await context.database.db.execute(
      sql`insert into fx_rates (date, currency, rate_to_gbp) values (${daysAgo(40)}, 'EUR', 0.5), (${daysAgo(5)}, 'EUR', 0.8)`,
    )
    const euro = await recorded(people.trusted, ids.falcon, {
      price: '100',
      currency: 'EUR',
      saleDate: daysAgo(20),
    })
    expect(euro.priceGbp).toBe('50.00')
    const yen = await recorded(people.trusted, ids.falcon, {
      price: '11000',
      currency: 'JPY',
      saleDate: daysAgo(2),
    })
    // 11000 yen × (0.73 / 110) pounds per yen, the value stored to 6 decimals.
    expect(yen.priceGbp).toBe('73.00')
  })

  it('counts a sale typed in twice at once as one: same submitter, item, condition, price, currency, day', async () => {
    const [item] = await queryRows<{ id: number }>(
      context.database.db,
      sql`select id from items where number = '42143-1'`,
    )
    const itemId = item?.id as number
    const before = await summaryOf(itemId)
    const body = { price: '77.77', saleDate: daysAgo(9) }
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => record(people.trusted, itemId, body)),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([201, ...Array(19).fill(409)])
    const refused = responses.find((response) => response.statusCode === 409)
    expect(refused?.json().message).toBe('This sale has already been recorded.')
    expect((await summaryOf(itemId)).new.salesCount).toBe(before.new.salesCount + 1)
    // Another price, day, condition or submitter is another sale.
    await recorded(people.trusted, itemId, { ...body, price: '77.78' })
    await recorded(people.trusted, itemId, { ...body, saleDate: daysAgo(10) })
    await recorded(people.trusted, itemId, { ...body, conditionId: ids.openBox })
    await recorded(people.admin, itemId, body)
    expect((await summaryOf(itemId)).new.salesCount).toBe(before.new.salesCount + 5)
  })

  it('refuses the same sale twice when it names its reference', async () => {
    const body = { price: '55', saleDate: daysAgo(4), sourceRef: 'ebay-123456' }
    await recorded(people.user, ids.falcon, body)
    const again = await record(people.user, ids.falcon, body)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This sale has already been recorded.')
  })
})

describe('sales recorded at the same moment', () => {
  it('all count: concurrent recomputes of one item wait for each other', async () => {
    const [item] = await queryRows<{ id: number }>(
      context.database.db,
      sql`select id from items where number = '42115-1'`,
    )
    const itemId = item?.id as number
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        // Two conditions of one grade, so nothing but the price lock orders the transactions.
        record(people.trusted, itemId, {
          price: String(200 + index),
          saleDate: today,
          conditionId: index % 2 === 0 ? ids.sealed : ids.openBox,
        }),
      ),
    )
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201))
    const summary = await summaryOf(itemId)
    expect(summary.new).toMatchObject({
      salesCount: 12,
      salesCount90d: 12,
      volume30d: 12,
      confidence: 'HIGH',
    })
    // The lower middle of 200…211, all weighing the same.
    expect(summary.new.fairPrice).toBe('205.00')
  })
})

describe('pending sales and moderation', () => {
  it('shows a pending sale and who submitted it only to the submitter and to moderators', async () => {
    const stranger = (await signUp(context.app, { email: uniqueEmail('stranger') })).cookie
    const sale = await recorded(people.user, ids.falcon, { price: '612.34', saleDate: daysAgo(3) })
    const verified = await recorded(people.trusted, ids.falcon, { price: '598.76', saleDate: daysAgo(3) })
    const view = async (cookie?: string) => {
      const response = await context.app.inject({
        url: `/api/items/${ids.falcon}/sales?limit=200`,
        headers: cookie ? { cookie } : {},
      })
      const list = salesListSchema.parse(response.json())
      return {
        pending: list.sales.find((entry) => entry.id === sale.id),
        verified: list.sales.find((entry) => entry.id === verified.id),
        total: list.total,
        pendingShown: list.sales.filter((entry) => entry.status === 'pending').length,
      }
    }
    const anonymous = await view()
    expect(anonymous.pending).toBeUndefined()
    expect(anonymous.pendingShown).toBe(0)
    expect(anonymous.verified?.submitterId).toBeNull()
    const other = await view(stranger)
    expect(other.pending).toBeUndefined()
    expect(other.total).toBe(anonymous.total)
    expect(other.verified?.submitterId).toBeNull()
    const own = await view(people.user)
    expect(own.pending?.submitterId).toBe(sale.submitterId)
    expect(own.total).toBe(anonymous.total + own.pendingShown)
    expect(own.verified?.submitterId).toBeNull()
    const moderator = await view(people.admin)
    expect(moderator.pending?.status).toBe('pending')
    expect(moderator.verified?.submitterId).toBe(verified.submitterId)
    // The spec's address answers the same.
    const direct = await context.app.inject({ url: `/api/direct/sales/${ids.falcon}?limit=200` })
    expect(salesListSchema.parse(direct.json()).sales.some((entry) => entry.id === sale.id)).toBe(false)
  })

  it('keeps a normal user’s sale pending and out of the price until a trusted member verifies it', async () => {
    const before = await summaryOf(ids.figure)
    const sale = await recorded(people.user, ids.figure, { price: '30', conditionId: ids.figureNew })
    expect(sale.status).toBe('pending')
    expect(await summaryOf(ids.figure)).toEqual(before)

    const refused = await context.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/verify`,
      headers: { cookie: people.user },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Only trusted members and admins can verify sales.')
    // A pending sale shows to its submitter and to moderators only (issue 11: it used to show to all).
    const listAs = async (cookie?: string) =>
      salesListSchema
        .parse(
          (
            await context.app.inject({
              url: `/api/items/${ids.figure}/sales`,
              headers: cookie ? { cookie } : {},
            })
          ).json(),
        )
        .sales.find((entry) => entry.id === sale.id)
    expect((await listAs(people.user))?.status).toBe('pending')
    expect((await listAs(people.trusted))?.status).toBe('pending')

    const verified = await context.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/verify`,
      headers: { cookie: people.trusted },
    })
    expect(verified.json().status).toBe('verified')
    expect((await summaryOf(ids.figure)).new).toMatchObject({ fairPrice: '30.00', salesCount: 1 })
  })

  it('lets only trusted members and admins delete sales, and the price follows', async () => {
    const sale = await recorded(people.admin, ids.figure, {
      price: '90',
      conditionId: ids.figureNew,
      saleDate: daysAgo(1),
    })
    const withIt = await summaryOf(ids.figure)
    expect(withIt.new.salesCount).toBe(2)

    const refused = await context.app.inject({
      method: 'DELETE',
      url: `/api/sales/${sale.id}`,
      headers: { cookie: people.user },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Only trusted members and admins can delete sales.')

    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/sales/${sale.id}`,
      headers: { cookie: people.admin },
    })
    expect(removed.statusCode).toBe(204)
    expect((await summaryOf(ids.figure)).new).toMatchObject({ fairPrice: '30.00', salesCount: 1 })
    const again = await context.app.inject({
      method: 'DELETE',
      url: `/api/sales/${sale.id}`,
      headers: { cookie: people.admin },
    })
    expect(again.statusCode).toBe(404)
  })
})

describe('sales lists', () => {
  it('lists an item’s sales newest first with their total, on both routes', async () => {
    const list = salesListSchema.parse(
      (await context.app.inject({ url: `/api/items/${ids.galaxy}/sales?limit=2` })).json(),
    )
    expect(list.total).toBe(5)
    expect(list.sales).toHaveLength(2)
    expect(list.sales[0]).toMatchObject({
      saleDate: today,
      condition: { label: 'New/Sealed' },
      source: 'eBay',
    })
    const direct = salesListSchema.parse(
      (await context.app.inject({ url: `/api/direct/sales/${ids.galaxy}?limit=2` })).json(),
    )
    expect(direct).toEqual(list)
  })

  it('keeps each viewer’s total equal to the sales they are shown, through verifying, rejecting and deleting', async () => {
    const stranger = (await signUp(context.app, { email: uniqueEmail('counted') })).cookie
    const viewers = { anonymous: undefined, user: people.user, stranger, moderator: people.admin }
    const expectTotalsToMatchTheList = async () => {
      for (const [name, cookie] of Object.entries(viewers)) {
        const response = await context.app.inject({
          url: `/api/items/${ids.figure}/sales?limit=200`,
          headers: cookie ? { cookie } : {},
        })
        const list = salesListSchema.parse(response.json())
        expect(list.total, name).toBe(list.sales.length)
        // Pages of two, one after another, are the whole list in its order: each viewer's own, however deep.
        const paged: number[] = []
        for (let offset = 0; offset <= list.total; offset += 2) {
          const page = await context.app.inject({
            url: `/api/items/${ids.figure}/sales?limit=2&offset=${offset}`,
            headers: cookie ? { cookie } : {},
          })
          paged.push(...salesListSchema.parse(page.json()).sales.map((sale) => sale.id))
        }
        expect(paged, name).toEqual(list.sales.map((sale) => sale.id))
        // A later page counts the same.
        const later = salesListSchema.parse(
          (
            await context.app.inject({
              url: `/api/items/${ids.figure}/sales?limit=1&offset=1`,
              headers: cookie ? { cookie } : {},
            })
          ).json(),
        )
        expect(later.total, name).toBe(list.total)
      }
    }
    const moderate = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
      const response = await context.app.inject({ method, url, headers: { cookie: people.admin }, payload })
      expect(response.statusCode, response.body).toBeLessThan(300)
    }
    const sale = (cookie: string, price: string) =>
      recorded(cookie, ids.figure, { price, conditionId: ids.figureNew, saleDate: daysAgo(2) })

    await expectTotalsToMatchTheList()
    const pending = await sale(people.user, '31.10')
    const toReject = await sale(people.user, '31.20')
    const verified = await sale(people.trusted, '31.30')
    await sale(people.trusted, '31.40')
    await expectTotalsToMatchTheList()
    await moderate('POST', `/api/sales/${pending.id}/verify`)
    await expectTotalsToMatchTheList()
    await moderate('POST', `/api/sales/${toReject.id}/reject`, { reason: 'Not a real listing' })
    await expectTotalsToMatchTheList()
    // A rejection overruled: verified after all.
    await moderate('POST', `/api/sales/${toReject.id}/verify`)
    await expectTotalsToMatchTheList()
    await moderate('DELETE', `/api/sales/${verified.id}`)
    await moderate('DELETE', `/api/sales/${pending.id}`)
    await expectTotalsToMatchTheList()
  })

  it('answers pages asked for at once, by different viewers and of different items, each as if asked alone', async () => {
    // A pending sale of the user's own: the user sees it, a stranger does not, the moderator sees it and whose it is.
    const pending = await recorded(people.user, ids.figure, {
      price: '33.30',
      conditionId: ids.figureNew,
      saleDate: daysAgo(1),
    })
    expect(pending.status).toBe('pending')
    const stranger = (await signUp(context.app, { email: uniqueEmail('together') })).cookie
    const viewers = [undefined, people.user, stranger, people.admin]
    const urls = [ids.figure, ids.galaxy, ids.falcon, 999999].flatMap((itemId) =>
      ['limit=2', 'limit=1&offset=1', 'limit=50', 'limit=3&offset=2'].map(
        (query) => `/api/items/${itemId}/sales?${query}`,
      ),
    )
    // Viewers in turn, so that one statement's pages are of several viewers and items.
    const requests = urls.flatMap((url) =>
      viewers.map((cookie) => ({ url, headers: cookie ? { cookie } : {} })),
    )
    const answer = async (request: (typeof requests)[number]) => {
      const response = await context.app.inject(request)
      return { status: response.statusCode, body: response.body }
    }
    // One at a time, then all 64 in one go: the pages asked for at once share statements (16 at most each).
    const alone: { status: number; body: string }[] = []
    for (const request of requests) alone.push(await answer(request))
    const together = await Promise.all(requests.map(answer))
    expect(together).toEqual(alone)
    // The answers differ where they should: the viewers do not all see the same figure's list.
    const firstOf = (cookie: string | undefined) =>
      alone[
        urls.indexOf(`/api/items/${ids.figure}/sales?limit=50`) * viewers.length + viewers.indexOf(cookie)
      ]
    expect(firstOf(people.user)?.body).toContain(`"id":${pending.id},`)
    expect(firstOf(stranger)?.body).not.toContain(`"id":${pending.id},`)
    expect(firstOf(undefined)?.body).not.toContain(`"id":${pending.id},`)
    expect(salesListSchema.parse(JSON.parse(firstOf(people.admin)?.body ?? '')).sales).toContainEqual(
      expect.objectContaining({ id: pending.id, submitterId: expect.any(String) }),
    )
    expect(alone.filter((one) => one.status === 404)).toHaveLength(viewers.length * 4)
    await context.app.inject({
      method: 'DELETE',
      url: `/api/sales/${pending.id}`,
      headers: { cookie: people.admin },
    })
  })

  it('answers 404 for an unknown item and 400 for bad paging', async () => {
    expect((await context.app.inject({ url: '/api/items/999999/sales' })).statusCode).toBe(404)
    expect((await context.app.inject({ url: '/api/items/999999/price-summary' })).statusCode).toBe(404)
    const bad = await context.app.inject({ url: `/api/items/${ids.galaxy}/sales?limit=500` })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('limit must be at most 200')
    const range = await (await settled()).inject({ url: `/api/items/${ids.galaxy}/price-history?range=5y` })
    expect(range.json().message).toBe("range must be '30d', '90d', '1y' or 'all'")
  })
})

describe('bad sales', () => {
  const count = async () =>
    (await queryRows<{ n: number }>(context.database.db, sql`select count(*)::int as n from sales`))[0]?.n

  it.each([
    [{ price: '-5' }, 'Price must be an amount such as 49.99 (at most 99999999.99)'],
    [{ price: '0' }, 'Price must be more than 0'],
    [{ price: '123456789.00' }, 'Price must be an amount such as 49.99 (at most 99999999.99)'],
    [{ price: 'lots' }, 'Price must be an amount such as 49.99 (at most 99999999.99)'],
    [{ price: undefined }, 'Price is required'],
    [
      { price: '10', currency: 'BTC' },
      'Currency must be one of USD, EUR, GBP, CAD, AUD, JPY, CHF, SEK, NOK, DKK',
    ],
    [{ price: '10', saleDate: addDays(today, 2) }, 'Sale date cannot be in the future'],
    [{ price: '10', saleDate: '2026-02-30' }, 'Sale date must be a real date'],
    [{ price: '10', saleDate: 'yesterday' }, 'Sale date must be a date such as 2026-01-31'],
    [{ price: '10', saleDate: '1900-01-01' }, 'Sale date must be in 1949 or later'],
    [{ price: '10', conditionId: 999999 }, 'Condition not found for this item.'],
    [{ price: '10', conditionId: 'New' }, 'Please select a condition'],
    [{ price: '10', conditionId: undefined }, 'Please select a condition'],
    [{ price: '10', conditionId: undefined, condition: 'Mint in box' }, 'Condition not found for this item.'],
    [{ price: '10', conditionId: undefined, condition: '  ' }, 'Please select a condition'],
    [{ price: '10', source: 'Craigslist' }, 'Source must be one of'],
    [{ price: '10', proofUrl: 'javascript:alert(1)' }, 'Proof must be a web address (http or https)'],
    [{ price: '10', sourceRef: 'x'.repeat(201) }, 'Reference must be at most 200 characters'],
  ])('refuses %j with a clear 400 and writes nothing', async (body, message) => {
    const before = await count()
    const response = await record(people.trusted, ids.falcon, body)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain(message)
    expect(await count()).toBe(before)
  })

  it('takes the condition by its label too, as the collection payload does', async () => {
    const sale = await recorded(people.trusted, ids.falcon, {
      price: '10',
      conditionId: undefined,
      condition: 'used/complete',
      saleDate: daysAgo(400),
    })
    expect(sale.condition).toEqual({ id: ids.usedComplete, label: 'Used/Complete' })
    expect(sale.grade).toBe('used')
    const minifigLabel = await record(people.trusted, ids.falcon, {
      price: '10',
      conditionId: undefined,
      condition: 'New',
    })
    expect(minifigLabel.statusCode).toBe(400)
    expect(minifigLabel.json().message).toBe('Condition not found for this item.')
  })

  it('refuses a minifigure condition on a set', async () => {
    const response = await record(people.trusted, ids.falcon, { price: '10', conditionId: ids.figureNew })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('Condition not found for this item.')
  })

  it('needs a signed-in user and a known item', async () => {
    expect(
      (await context.app.inject({ method: 'POST', url: `/api/items/${ids.falcon}/sales`, payload: {} }))
        .statusCode,
    ).toBe(401)
    const unknown = await record(people.trusted, 999999, { price: '10' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Item not found')
  })
})

describe('snapshots:rebuild', () => {
  it('recomputes exactly what the sales moved incrementally', async () => {
    const read = async () => {
      await settled()
      return Promise.all([
        queryRows(
          context.database.db,
          sql`select item_id, grade, fair_price_gbp, last_sale_price, last_sale_date, avg30d, avg90d, volume30d,
              sales_count90d, sales_count, trend, confidence, basis, basis_count
            from price_snapshots order by item_id, grade`,
        ),
        queryRows(context.database.db, sql`select * from price_history order by item_id, grade, day`),
        queryRows(
          context.database.db,
          sql`select * from price_condition_stats order by item_id, condition_id`,
        ),
      ])
    }
    const before = await read()
    const { rebuildAllPrices } = await import('#server/modules/market/market.rebuild.ts')
    const progress: number[] = []
    const result = await rebuildAllPrices({
      db: context.database.db,
      batchSize: 1,
      onProgress: (done) => progress.push(done),
    })
    expect(result.items).toBeGreaterThanOrEqual(3)
    expect(progress.at(-1)).toBe(result.items)
    expect(await read()).toEqual(before)
  })
})

describe('price history', () => {
  it('carries a price into a range with no sales of its own, and answers no points where there is none', async () => {
    const [unsold] = await queryRows<{ id: number }>(
      context.database.db,
      sql`select id from items where type = 'minifig' and not exists (select from sales where item_id = items.id)
        order by id limit 1`,
    )
    if (!unsold) throw new Error('the test catalogue has no unsold minifigure')
    const history = async (query: string) =>
      priceHistorySchema.parse(
        (await (await settled()).inject({ url: `/api/items/${unsold.id}/price-history?${query}` })).json(),
      )
    expect(await history('range=30d&grade=used')).toEqual({
      range: '30d',
      grade: 'used',
      points: [],
      updatedAt: null,
    })
    await recorded(people.trusted, unsold.id, {
      price: '12.5',
      conditionId: ids.figureNew,
      saleDate: daysAgo(200),
    })
    // The recompute writes the day of the sale and today; the month starts with the price carried into it.
    expect((await history('range=30d&grade=new')).points).toEqual([
      { date: daysAgo(30), fairPrice: '12.50' },
      { date: today, fairPrice: '12.50' },
    ])
    const all = await history('range=all&grade=new')
    expect(all.points).toEqual([
      { date: daysAgo(200), fairPrice: '12.50' },
      { date: today, fairPrice: '12.50' },
    ])
    // As of the recompute that wrote it: the summary's time for the grade, so a screen can tell a history read
    // before a later recompute. The used grade was never recomputed.
    const summary = await summaryOf(unsold.id)
    expect(summary.new.updatedAt).not.toBeNull()
    expect(all.updatedAt).toBe(summary.new.updatedAt)
    expect((await history('range=all&grade=used')).updatedAt).toBeNull()
  })

  it('answers the carried price alone for a range with no point of its own', async () => {
    const [quiet] = await queryRows<{ id: number }>(
      context.database.db,
      sql`select id from items where type = 'set' and not exists (select from price_history where item_id = items.id)
        order by id desc limit 1`,
    )
    if (!quiet) throw new Error('the test catalogue has no set without a price history')
    // A history that stopped 100 days ago (written as a recompute writes it), so the month has no point.
    await context.database.db.execute(sql`insert into price_history (item_id, grade, day, fair_price_gbp, sales_count)
      values (${quiet.id}, 'used', ${daysAgo(120)}, 41.5, 1), (${quiet.id}, 'used', ${daysAgo(100)}, 43.25, 2)`)
    const response = await context.app.inject({
      url: `/api/items/${quiet.id}/price-history?range=30d&grade=used`,
    })
    expect(priceHistorySchema.parse(response.json())).toEqual({
      range: '30d',
      grade: 'used',
      points: [{ date: daysAgo(30), fairPrice: '43.25' }],
      updatedAt: null,
    })
    const year = await context.app.inject({ url: `/api/items/${quiet.id}/price-history?range=1y&grade=used` })
    // Nothing before the year to carry in: its own points only.
    expect(priceHistorySchema.parse(year.json()).points).toEqual([
      { date: daysAgo(120), fairPrice: '41.50' },
      { date: daysAgo(100), fairPrice: '43.25' },
    ])
  })
})
