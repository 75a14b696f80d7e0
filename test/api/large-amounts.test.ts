import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { storeGbpValues } from '#server/modules/fx/fx.repo.ts'
import { collectionPageSchema, portfolioSchema } from '#shared/contract/collections.ts'
import { importResultSchema } from '#shared/contract/imports.ts'
import { priceByConditionSchema, priceSummarySchema, saleSchema } from '#shared/contract/market.ts'
import { userStatsSchema } from '#shared/contract/me.ts'
import { addDays } from '#shared/dates.ts'
import { FALLBACK_RATES_PER_USD, gbpValuesFromRatesPerUsd } from '#shared/money.ts'
import { importUpload } from '../support/imports.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

// The largest amounts the contract accepts, stored, summed and compared (issue 11: each was a 500).
const context = setupTestApp()
const today = new Date().toISOString().slice(0, 10)
const MAX_PRICE = '99999999.99'
const MAX_QUANTITY = 10_000

let people: Record<'user' | 'trusted' | 'admin' | 'whale', string>
const ids = { falcon: 0, galaxy: 0, tower: 0, sealed: 0 }

beforeAll(async () => {
  people = await signUpPeople(context.app, context.database.db, ['user', 'trusted', 'admin', 'whale'])
  const rows = await queryRows<{ key: string; id: number }>(
    context.database.db,
    sql`select 'falcon' as key, id from items where number = '75192-1'
      union all select 'galaxy', id from items where number = '10497-1'
      union all select 'tower', id from items where number = '75313-1'
      union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  for (const row of rows) ids[row.key as keyof typeof ids] = row.id
  expect(Object.values(ids).every((id) => id > 0)).toBe(true)
})

async function send(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  // A request sees the prices of every sale change committed before it (they are recomputed after commit).
  await pricesSettled(context.app)
  return context.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
}

function record(cookie: string, itemId: number, price: string, saleDate: string, currency = 'GBP') {
  return send('POST', `/api/items/${itemId}/sales`, cookie, {
    price,
    currency,
    conditionId: ids.sealed,
    saleDate,
    source: 'eBay',
  })
}

async function recorded(cookie: string, itemId: number, price: string, saleDate: string) {
  const response = await record(cookie, itemId, price, saleDate)
  expect(response.statusCode, response.body).toBe(201)
  return saleSchema.parse(response.json())
}

async function newTrend(itemId: number) {
  const response = await send('GET', `/api/items/${itemId}/price-summary`, people.user)
  expect(response.statusCode, response.body).toBe(200)
  return priceSummarySchema.parse(response.json()).new.trend
}

describe('a price jump the trend column once could not hold', () => {
  it('verifies a pending £20,000 sale after a £1 one: a trend of +1,999,900 %', async () => {
    await recorded(people.trusted, ids.falcon, '1', addDays(today, -40))
    const pending = await recorded(people.user, ids.falcon, '20000', today)
    expect(pending.status).toBe('pending')
    const verified = await send('POST', `/api/sales/${pending.id}/verify`, people.admin)
    expect(verified.statusCode, verified.body).toBe(200)
    expect(await newTrend(ids.falcon)).toBe('1999900.00')
  })

  it('records the largest possible jump at once, 1p to 99,999,999.99: +999,999,999,800 %', async () => {
    await recorded(people.trusted, ids.galaxy, '0.01', addDays(today, -40))
    await recorded(people.trusted, ids.galaxy, MAX_PRICE, today)
    expect(await newTrend(ids.galaxy)).toBe('999999999800.00')
    const byCondition = await send('GET', `/api/items/${ids.galaxy}/price-by-condition`, people.user)
    expect(byCondition.statusCode, byCondition.body).toBe(200)
    expect(priceByConditionSchema.parse(byCondition.json())[0]).toMatchObject({
      count: 2,
      averageGbp: '50000000.00',
    })
  })
})

describe('a collection of the largest entries', () => {
  const ENTRIES = 3
  // Fair price 99,999,999.99 (the newer sale outweighs the older one), 10,000 of them per entry.
  const entryValue = '999999999900.00'
  const total = '2999999999700.00'

  beforeAll(async () => {
    await recorded(people.trusted, ids.tower, '0.01', addDays(today, -40))
    await recorded(people.trusted, ids.tower, MAX_PRICE, today)
    for (let entry = 0; entry < ENTRIES; entry++) {
      const response = await send('POST', '/api/collections', people.whale, {
        itemId: ids.tower,
        condition: 'New/Sealed',
        quantity: MAX_QUANTITY,
        pricePaid: MAX_PRICE,
        currency: 'GBP',
      })
      expect(response.statusCode, response.body).toBe(201)
      expect(response.json()).toMatchObject({ value: entryValue, costBasis: entryValue, pnl: '0.00' })
    }
  })

  it('answers the collection with its totals', async () => {
    const response = await send('GET', '/api/collections', people.whale)
    expect(response.statusCode, response.body).toBe(200)
    const { summary } = collectionPageSchema.parse(response.json())
    expect(summary).toMatchObject({
      entries: ENTRIES,
      totalItems: ENTRIES * MAX_QUANTITY,
      totalValue: total,
      costBasis: total,
      unrealizedPnl: '0.00',
      unrealizedPnlPercent: '0.00',
    })
    expect(summary.topThemes[0]?.value).toBe(total)
  })

  it('answers the profile figures', async () => {
    const response = await send('GET', '/api/me/stats', people.whale)
    expect(response.statusCode, response.body).toBe(200)
    expect(userStatsSchema.parse(response.json())).toMatchObject({
      collectionCount: ENTRIES * MAX_QUANTITY,
      totalValue: total,
    })
  })

  it.each(['90d', '1y', 'all'])('answers the portfolio of %s', async (range) => {
    const response = await send('GET', `/api/me/portfolio?range=${range}`, people.whale)
    expect(response.statusCode, response.body).toBe(200)
    const portfolio = portfolioSchema.parse(response.json())
    expect(portfolio.timeline.at(-1)).toMatchObject({ date: today, value: total, costBasis: total })
    expect(portfolio.byType).toEqual([
      { type: 'set', value: total, costBasis: total, items: ENTRIES * MAX_QUANTITY },
    ])
  })

  it('exports it', async () => {
    const response = await send('GET', '/api/collections/export.csv', people.whale)
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(`${MAX_QUANTITY},${MAX_PRICE},GBP,${MAX_PRICE}`)
  })
})

describe('an amount that is more than a money column holds once in pounds', () => {
  beforeAll(async () => {
    // A live rate at which a Swiss franc is worth two pounds: 99,999,999.99 francs do not fit.
    const values = { ...gbpValuesFromRatesPerUsd(FALLBACK_RATES_PER_USD), CHF: '2' }
    await storeGbpValues(context.database.db, addDays(today, -1), values)
  })

  it.each([
    [
      'a collection entry',
      () =>
        send('POST', '/api/collections', people.user, {
          itemId: ids.falcon,
          condition: 'New/Sealed',
          pricePaid: MAX_PRICE,
          currency: 'CHF',
        }),
    ],
    ['a sale', () => record(people.trusted, ids.falcon, MAX_PRICE, today, 'CHF')],
    [
      'an item’s retail price',
      () =>
        send('POST', '/api/items', people.user, {
          type: 'set',
          name: 'Franc Tower',
          number: '870001-1',
          theme: 'City',
          originalMsrp: MAX_PRICE,
          currency: 'CHF',
        }),
    ],
  ])('refuses %s with a 400 and writes nothing', async (_what, request) => {
    const before = await tableChecksums(context.database.db)
    const response = await request()
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({
      message: `The amount is more than ${MAX_PRICE} in pounds, the most that can be recorded.`,
      code: 'BAD_REQUEST',
    })
    expect(await tableChecksums(context.database.db)).toEqual(before)
  })

  // In an import, such an amount is its row's problem: the row is refused with the same words, the rest lands.
  it.each([
    [
      'a collection file',
      'owned.csv',
      'csv',
      'Order Id,Name,Type,Color Name,Boid,Lot Id,Condition,Ordered Quantity,Public Note,Base Price\n' +
        `1,LEGO Millennium Falcon Set (75192-1),Set,,1017745,1,news,1,,${MAX_PRICE}\n` +
        '1,LEGO Millennium Falcon Set (75192-1),Set,,1017745,2,usedc,1,,650.00\n',
      '/api/collections',
      2, // a CSV's rows are its lines, the header line 1
    ],
    [
      'a wanted list',
      'wanted.xml',
      'bricklink',
      '<INVENTORY>' +
        `<ITEM><ITEMTYPE>S</ITEMTYPE><ITEMID>75192-1</ITEMID><MAXPRICE>${MAX_PRICE}</MAXPRICE><CONDITION>N</CONDITION></ITEM>` +
        '<ITEM><ITEMTYPE>S</ITEMTYPE><ITEMID>10497-1</ITEMID><MAXPRICE>90.0000</MAXPRICE><CONDITION>N</CONDITION></ITEM>' +
        '</INVENTORY>',
      '/api/me/wanted',
      1, // an XML list's rows are its items
    ],
  ])(
    'refuses the row of %s that holds one, and imports the others',
    async (_what, name, source, text, list, row) => {
      const { importer } = await signUpPeople(context.app, context.database.db, ['importer'])
      const response = await importUpload(
        context.app,
        importer,
        { source, currency: 'CHF', conditionWhenUnknown: 'new' },
        [{ name, content: Buffer.from(text) }],
      )
      expect(response.statusCode, response.body).toBe(200)
      expect(importResultSchema.parse(response.json())).toMatchObject({
        imported: 1,
        errors: [
          {
            row,
            message: `The amount is more than ${MAX_PRICE} in pounds, the most that can be recorded.`,
          },
        ],
        errorsTotal: 1,
      })
      const landed = await send('GET', list, importer)
      expect(landed.json().total).toBe(1)
    },
  )
})
