import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { buildApp } from '#server/app.ts'
import { queryRows } from '#server/db/client.ts'
import { HttpError } from '#server/errors.ts'
import { json } from '#server/lib/responses.ts'
import { updateUserByEmail } from '#server/modules/admin/admin.repo.ts'
import {
  itemDetailSchema,
  listItemsResponseSchema,
  searchItemsResponseSchema,
} from '#shared/contract/catalogue.ts'
import { collectionPageSchema } from '#shared/contract/collections.ts'
import { errorResponseSchema } from '#shared/contract/common.ts'
import { priceByConditionSchema, priceHistorySchema, priceSummarySchema } from '#shared/contract/market.ts'
import { userStatsSchema } from '#shared/contract/me.ts'
import { addDays } from '#shared/dates.ts'
import { notificationsHeard } from '../support/notifications-heard.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp({ readCacheTtlMs: 60_000 })
const today = new Date().toISOString().slice(0, 10)
const ids = { falcon: 0, figure: 0, sealed: 0, used: 0 }
let collector = ''

beforeAll(async () => {
  const rows = await queryRows<{ key: string; id: number }>(
    context.database.db,
    sql`select 'falcon' as key, id from items where number = '75192-1'
      union all select 'figure', id from items where number = 'sw0002'
      union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'
      union all select 'used', id from conditions where category = 'set' and label = 'Used/Complete'`,
  )
  for (const row of rows) ids[row.key as keyof typeof ids] = row.id
  // Verified sales over several days, so every price answer has something in each of its fields.
  const email = uniqueEmail('trusted')
  const trusted = (await signUp(context.app, { email })).cookie
  await updateUserByEmail(context.database.db, email, { isTrusted: true })
  for (const [price, days, conditionId] of [
    ['640', 40, ids.sealed],
    ['655.50', 12, ids.sealed],
    ['649.99', 0, ids.sealed],
    ['420', 3, ids.used],
  ] as const) {
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/items/${ids.falcon}/sales`,
      headers: { cookie: trusted },
      payload: { price, currency: 'GBP', conditionId, saleDate: addDays(today, -days), source: 'eBay' },
    })
    expect(response.statusCode, response.body).toBe(201)
  }
  // Recomputed before the cached answers are read: a recompute's pass forgets the item's cached prices, and one
  // landing between a test's two reads would turn its hit into a miss.
  await pricesSettled(context.app)
  collector = (await signUp(context.app, { email: uniqueEmail() })).cookie
  for (const entry of [
    {
      itemId: ids.falcon,
      condition: 'New/Sealed',
      quantity: 2,
      pricePaid: '599.99',
      purchaseDate: '2024-05-04',
    },
    { itemId: ids.figure, condition: 'Used', pricePaid: '' },
  ]) {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: { cookie: collector },
      payload: entry,
    })
    expect(response.statusCode, response.body).toBe(201)
  }
})

/**
 * The answers served as cached, pre-serialised JSON (ADR 002, ADR 009): they skip the serialiser that
 * checks every other answer against its declared schema, so this test checks them against the same schema,
 * fresh (a miss) and from memory (a hit).
 */
const cachedAnswers: Array<[string, () => string, z.ZodType, boolean?]> = [
  ['catalogue page', () => '/api/items?type=set&limit=20', listItemsResponseSchema],
  ['catalogue search', () => '/api/items?query=falcon', listItemsResponseSchema],
  ['minifigures of a set', () => '/api/items?type=minifig&set=75192', listItemsResponseSchema],
  ['item page', () => '/api/items/slug/75192-1-millennium-falcon', itemDetailSchema],
  ['quick search', () => '/api/search/items?query=75192', searchItemsResponseSchema],
  ['price summary', () => `/api/items/${ids.falcon}/price-summary`, priceSummarySchema],
  ['price by condition', () => `/api/items/${ids.falcon}/price-by-condition`, priceByConditionSchema],
  ['price history', () => `/api/items/${ids.falcon}/price-history?range=90d`, priceHistorySchema],
]

/**
 * The answers PostgreSQL writes as JSON and the route sends as they are (ADR 021): never cached (one user's
 * own), and checked against their schema the same way.
 */
const databaseWrittenAnswers: Array<[string, () => string, z.ZodType]> = [
  ['collection', () => '/api/collections?sort=value', collectionPageSchema],
  ['home page collection', () => '/api/me/collection', collectionPageSchema],
  ['collection, searched', () => '/api/collections?query=falcon&sort=name', collectionPageSchema],
]

describe('the response contract', () => {
  it.each(databaseWrittenAnswers)('holds for the %s, never from memory', async (_name, url, schema) => {
    for (let read = 0; read < 2; read++) {
      const response = await context.app.inject({ url: url(), headers: { cookie: collector } })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['x-cache']).toBeUndefined()
      const body = response.json()
      expect(schema.parse(body)).toEqual(body)
    }
  })

  it.each(cachedAnswers)(
    'holds for the cached %s, fresh and from memory',
    async (_name, url, schema, signedIn) => {
      const headers = signedIn ? { cookie: collector } : {}
      // What earlier writes announced is heard first, or it could forget the answer cached below.
      await notificationsHeard(context.app)
      for (const expected of ['miss', 'hit']) {
        const response = await context.app.inject({ url: url(), headers })
        expect(response.statusCode, response.body).toBe(200)
        expect(response.headers['x-cache']).toBe(expected)
        const body = response.json()
        // Exactly the contract: parsing neither fails nor drops a field the schema does not know.
        expect(schema.parse(body)).toEqual(body)
      }
    },
  )

  it('fills the nested parts the cached shapes describe', async () => {
    const page = collectionPageSchema.parse(
      (await context.app.inject({ url: '/api/collections', headers: { cookie: collector } })).json(),
    )
    const falcon = page.entries.find((entry) => entry.itemId === ids.falcon)
    expect(falcon?.priceSnapshot?.fairPriceGbp).not.toBeNull()
    expect(falcon?.item.themeData).not.toBeNull()
    expect(page.summary.topThemes.length).toBeGreaterThan(0)
    const item = itemDetailSchema.parse(
      (await context.app.inject({ url: '/api/items/slug/75192-1-millennium-falcon' })).json(),
    )
    expect(item.setLinks.minifigures.length).toBeGreaterThan(0)
    expect(item.aliases.length).toBeGreaterThan(0)
  })

  it('answers 500 for an answer that drifts from its schema, and never sends an undeclared field', async () => {
    const app = await buildApp({ db: context.database.db })
    try {
      app.get(
        '/api/drifting',
        { schema: { response: { 200: json('Figures', userStatsSchema) } } },
        // A handler that renamed a field and sends a number where the contract says a decimal string.
        async () => ({ collectionCount: 1, alerts: 0, totalValue: 12.5 }) as never,
      )
      app.get(
        '/api/oversharing',
        { schema: { response: { 200: json('Figures', userStatsSchema) } } },
        async () => ({
          collectionCount: 1,
          alertsCount: 0,
          totalValue: '12.50',
          estimatedEntries: 0,
          estimatedValue: '0.00',
          passwordHash: 'x',
        }),
      )
      app.get(
        '/api/drifting-error',
        { schema: { response: { 200: json('Figures', userStatsSchema) } } },
        async () => {
          throw new HttpError(418, 'No tea here', 'TEAPOT')
        },
      )
      await app.ready()
      const drifted = await app.inject({ url: '/api/drifting' })
      expect(drifted.statusCode).toBe(500)
      expect(errorResponseSchema.parse(drifted.json())).toEqual({
        message: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL',
      })
      expect(drifted.body).not.toContain('12.5')
      // A field the schema does not name is never sent.
      const overshared = await app.inject({ url: '/api/oversharing' })
      expect(overshared.json()).toEqual({
        collectionCount: 1,
        alertsCount: 0,
        totalValue: '12.50',
        estimatedEntries: 0,
        estimatedValue: '0.00',
      })
      // Error answers go through the error schema the app declares on every route.
      const teapot = await app.inject({ url: '/api/drifting-error' })
      expect(teapot.statusCode).toBe(418)
      expect(teapot.json()).toEqual({ message: 'No tea here', code: 'TEAPOT' })
    } finally {
      await app.close()
    }
  })
})
