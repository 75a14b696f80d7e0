import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import {
  type FiguresRequest,
  findCollectionPages,
  findProfileFigures,
  type PageRequest,
} from '#server/modules/collections/collections.repo.ts'
import type { CollectionQuery } from '#shared/contract/collections.ts'
import type { UserStats } from '#shared/contract/me.ts'
import { todayUtc } from '#shared/dates.ts'
import type { CurrencyCode, RatesPerUsd } from '#shared/money.ts'
import { retailRegionOrder } from '#shared/retail.ts'
import {
  collectionApi,
  setRetailPrices,
  storeTodaysRates,
  UNROUND_RATES,
  userIdOf,
} from '../support/collection-api.ts'
import { signUpPeople } from '../support/people.ts'
import { pricesSettled } from '../support/prices-settled.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * The profile figures and the collection pages of requests that arrive together are read in one statement per
 * shape, the users a column of it (collections.repo.ts `findProfileFigures`, `findCollectionPages`). Each user
 * must still get their own, whatever their valuation: a user valuing unpriced items at retail, in their
 * currency's regions, shares the batch with users who do not.
 */
const context = setupTestApp()
const people = ['plain', 'twin', 'retailGbp', 'retailJpy', 'empty'] as const
type Person = (typeof people)[number]
const currency: Record<Person, CurrencyCode> = {
  plain: 'GBP',
  twin: 'GBP',
  retailGbp: 'GBP',
  retailJpy: 'JPY',
  empty: 'EUR',
}
const atRetail = (who: Person) => who.startsWith('retail')
let cookies: Record<Person | 'trusted', string>
const userIds = {} as Record<Person, string>
let rates: RatesPerUsd
/** Each user's figures asked for alone (a batch of one), through the API. */
const alone = {} as Record<Person, UserStats>

beforeAll(async () => {
  const { app, database } = context
  const db = database.db
  const api = collectionApi(app, db)
  cookies = await signUpPeople(app, db, [...people, 'trusted'])
  const ids = Object.fromEntries(
    (
      await queryRows<{ key: string; id: number }>(
        db,
        sql`select 'galaxy' as key, id from items where number = '10497-1'
          union all select 'falcon', id from items where number = '75192-1'
          union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'`,
      )
    ).map((row) => [row.key, row.id]),
  ) as Record<'galaxy' | 'falcon' | 'sealed', number>
  // The Galaxy Explorer has a market price; the Falcon only retail prices, in dollars and pounds.
  const sale = await app.inject({
    method: 'POST',
    url: `/api/items/${ids.galaxy}/sales`,
    headers: { cookie: cookies.trusted },
    payload: { price: '120', currency: 'GBP', conditionId: ids.sealed, saleDate: todayUtc(), source: 'eBay' },
  })
  expect(sale.statusCode, sale.body).toBe(201)
  await pricesSettled(app)
  await setRetailPrices(app, ids.falcon, { US: '849.99', UK: '734.99' })
  rates = await storeTodaysRates(db, UNROUND_RATES)

  const add = (who: Person, itemId: number, quantity: number, pricePaid: string) =>
    api.add(cookies[who], { itemId, condition: 'New/Sealed', quantity, pricePaid, currency: 'GBP' })
  await add('plain', ids.galaxy, 3, '90')
  await add('plain', ids.falcon, 1, '600')
  await add('twin', ids.galaxy, 1, '100')
  await add('retailGbp', ids.galaxy, 2, '110')
  await add('retailGbp', ids.falcon, 1, '650')
  await add('retailJpy', ids.falcon, 2, '700')
  const alert = await app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: { cookie: cookies.plain },
    payload: {
      itemId: ids.galaxy,
      conditionId: ids.sealed,
      currency: 'GBP',
      direction: 'below',
      thresholdValue: '50',
    },
  })
  expect(alert.statusCode, alert.body).toBe(201)

  for (const who of people) {
    userIds[who] = await userIdOf(app, cookies[who])
    await api.profile(cookies[who], {
      currencyPreference: currency[who],
      valueUnpricedAtRetail: atRetail(who),
    })
    alone[who] = await api.stats(cookies[who])
  }
})

/** How the API values the user's collection today. */
const valuationOf = (who: Person) => ({
  today: todayUtc(),
  retailEstimate: atRetail(who)
    ? { regionOrder: retailRegionOrder(currency[who]), ratesPerUsd: rates }
    : null,
})

describe('profile figures asked for together', () => {
  it('are each user’s own, read alone or in one statement with users valued otherwise', async () => {
    // The figures differ from user to user, so an answer given to the wrong user would show.
    const values = people.map((who) => `${alone[who].totalValue}/${alone[who].collectionCount}`)
    expect(new Set(values).size).toBe(people.length)
    expect(alone.retailGbp.estimatedEntries).toBe(1)
    expect(alone.retailJpy.estimatedEntries).toBe(1)
    expect(alone.plain.alertsCount).toBe(1)

    // Every user twice, in a mixed order: three valuations (none, retail by UK first, retail by US first).
    const order: Person[] = ['retailJpy', 'plain', 'empty', 'retailGbp', 'twin', 'plain', 'retailJpy', 'twin']
    const requests: FiguresRequest[] = order.map((who) => ({
      userId: userIds[who],
      valuation: valuationOf(who),
    }))
    const together = await findProfileFigures(context.database.db, requests)
    expect(together).toHaveLength(order.length)
    together.forEach(({ summary, alertsCount }, index) => {
      const who = order[index] as Person
      expect({
        collectionCount: summary.totalItems,
        alertsCount,
        totalValue: summary.totalValue,
        estimatedEntries: summary.estimatedEntries,
        estimatedValue: summary.estimatedValue,
      }).toEqual(alone[who])
    })
  })

  it('are each user’s own when the requests reach the server at the same moment', async () => {
    const answers = await Promise.all(
      [...people, ...people].map((who) =>
        context.app.inject({ url: '/api/me/stats', headers: { cookie: cookies[who] } }),
      ),
    )
    answers.forEach((answer, index) => {
      expect(answer.statusCode, answer.body).toBe(200)
      expect(answer.json()).toEqual(alone[people[index % people.length] as Person])
    })
  })
})

describe('collection pages asked for together', () => {
  it('are each user’s own page, read alone or in one statement with other users, pages and searches', async () => {
    const asks: [Person, CollectionQuery][] = [
      ['plain', { limit: 20, offset: 0 }],
      ['retailGbp', { limit: 20, offset: 0 }],
      ['twin', { limit: 20, offset: 0 }],
      ['plain', { limit: 1, offset: 1 }],
      ['retailGbp', { limit: 1, offset: 1 }],
      ['plain', { limit: 20, offset: 0, query: 'falcon' }],
      ['retailGbp', { limit: 20, offset: 0, query: 'galaxy' }],
      ['empty', { limit: 20, offset: 0 }],
      ['retailJpy', { limit: 20, offset: 0, sort: 'value', direction: 'desc' }],
      ['plain', { limit: 20, offset: 0, sort: 'value', direction: 'desc' }],
      ['twin', { limit: 20, offset: 0, query: 'galaxy' }],
      ['twin', { limit: 20, offset: 0, query: 'falcon' }],
    ]
    const requests: PageRequest[] = asks.map(([who, query]) => ({
      userId: userIds[who],
      query,
      valuation: valuationOf(who),
    }))
    const db = context.database.db
    const alonePages = []
    for (const request of requests) alonePages.push(...(await findCollectionPages(db, [request])))
    // What each request asks for shows in its page alone, so a page given to the wrong request would show.
    expect(alonePages.map((page) => page.entries.length)).toEqual([2, 2, 1, 1, 1, 1, 1, 0, 1, 2, 1, 0])
    expect(new Set(alonePages.map((page) => page.summary)).size).toBe(people.length)
    expect(await findCollectionPages(db, requests)).toEqual(alonePages)
    expect(await findCollectionPages(db, [...requests].reverse())).toEqual([...alonePages].reverse())
  })
})
