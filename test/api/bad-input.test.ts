import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { updateUserByEmail } from '#server/modules/admin/admin.repo.ts'
import { collectionEntrySchema } from '#shared/contract/collections.ts'
import { errorResponseSchema } from '#shared/contract/common.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

// Regression cases of issue 11's probe: each answered 500 or wrote the wrong row before.
const context = setupTestApp()
const today = new Date().toISOString().slice(0, 10)
const TOO_BIG = '2147483648'

const people = { user: '', admin: '' }
const ids = { galaxy: 0, sealed: 0, saleId: 0, entryId: 0 }

beforeAll(async () => {
  for (const role of Object.keys(people) as Array<keyof typeof people>) {
    const email = uniqueEmail(role)
    people[role] = (await signUp(context.app, { email })).cookie
    if (role === 'admin') await updateUserByEmail(context.database.db, email, { role: 'admin' })
  }
  const rows = await queryRows<{ key: string; id: number }>(
    context.database.db,
    sql`select 'galaxy' as key, id from items where number = '10497-1'
      union all select 'sealed', id from conditions where category = 'set' and label = 'New/Sealed'`,
  )
  for (const row of rows) ids[row.key as keyof typeof ids] = row.id
  const sale = await send('POST', `/api/items/${ids.galaxy}/sales`, people.user, {
    price: '50',
    currency: 'GBP',
    conditionId: ids.sealed,
    saleDate: today,
    source: 'eBay',
  })
  expect(sale.statusCode, sale.body).toBe(201)
  ids.saleId = sale.json().id
  const entry = await send('POST', '/api/collections', people.user, {
    itemId: ids.galaxy,
    condition: 'New/Sealed',
  })
  expect(entry.statusCode, entry.body).toBe(201)
  ids.entryId = entry.json().id
})

function send(method: string, url: string, cookie: string | undefined, payload?: unknown) {
  return context.app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

/** Sends the request and checks it is refused with a 400 naming `field`, having written nothing. */
async function refused(
  request: { method: string; url: string; cookie?: string; payload?: unknown },
  field: string,
) {
  const before = await tableChecksums(context.database.db)
  const response = await send(request.method, request.url, request.cookie, request.payload)
  expect(response.statusCode, response.body).toBe(400)
  const body = errorResponseSchema.parse(response.json())
  expect(body.code).toBe('VALIDATION_ERROR')
  expect(body.errors?.map((error) => error.path)).toContain(field)
  expect(body.message.toLowerCase()).toContain(field.toLowerCase())
  expect(await tableChecksums(context.database.db)).toEqual(before)
  return body
}

const newSet = (overrides: Record<string, unknown> = {}) => ({
  type: 'set',
  name: 'Bad Input Tower',
  number: `8${Math.floor(Math.random() * 1e6)}-1`,
  theme: 'City',
  ...overrides,
})
const newSale = (overrides: Record<string, unknown> = {}) => ({
  price: '10',
  currency: 'GBP',
  conditionId: ids.sealed,
  saleDate: today,
  source: 'eBay',
  ...overrides,
})

describe('ids of 2,147,483,648 and more (past PostgreSQL integer)', () => {
  const pathCases = (id: string) => [
    { method: 'GET', url: `/api/items/${id}/sales`, field: 'id' },
    { method: 'GET', url: `/api/direct/sales/${id}`, field: 'itemId' },
    { method: 'GET', url: `/api/items/${id}/price-summary`, field: 'id' },
    { method: 'GET', url: `/api/items/${id}/price-by-condition`, field: 'id' },
    { method: 'GET', url: `/api/items/${id}/price-history`, field: 'id' },
    { method: 'PUT', url: `/api/items/${id}`, field: 'id', payload: () => newSet() },
    { method: 'DELETE', url: `/api/items/${id}`, field: 'id' },
    { method: 'POST', url: `/api/items/${id}/sales`, field: 'id', payload: () => newSale() },
    { method: 'POST', url: `/api/sales/${id}/verify`, field: 'id' },
    { method: 'DELETE', url: `/api/sales/${id}`, field: 'id' },
    { method: 'PATCH', url: `/api/collections/${id}`, field: 'id', payload: () => ({ quantity: 2 }) },
    { method: 'DELETE', url: `/api/collections/${id}`, field: 'id' },
  ]

  it.each(
    pathCases(TOO_BIG).flatMap((request) =>
      [TOO_BIG, '9007199254740993', '1'.repeat(40)].map((id) => ({
        ...request,
        url: request.url.replace(TOO_BIG, id),
      })),
    ),
  )('refuses $method $url with a 400 naming $field', async ({ method, url, field, payload }) => {
    const body = await refused({ method, url, cookie: people.admin, payload: payload?.() }, field)
    expect(body.message).toMatch(new RegExp(`${field} must (be at most 2147483647|be a number)`))
  })

  it.each(pathCases('2147483647'))(
    'answers $method $url (the largest id) as an id that names nothing',
    async ({ method, url, payload }) => {
      const response = await send(method, url, people.admin, payload?.())
      expect(response.statusCode, response.body).toBe(404)
    },
  )

  it.each([
    ['POST', '/api/collections', 'itemId', () => ({ itemId: TOO_BIG, condition: 'New/Sealed' })],
    ['POST', '/api/collections', 'itemId', () => ({ itemId: 2147483648, condition: 'New/Sealed' })],
    ['POST', '/api/collections', 'itemId', () => ({ itemId: 1e20, condition: 'New/Sealed' })],
    ['POST', '/api/items/:galaxy/sales', 'conditionId', () => newSale({ conditionId: 2147483648 })],
    ['POST', '/api/items', 'variantOf', () => newSet({ variantOf: 2147483648 })],
    ['PUT', '/api/items/:galaxy', 'variantOf', () => newSet({ variantOf: 2147483648 })],
    ['GET', `/api/items?themeId=${TOO_BIG}`, 'themeId', () => undefined],
  ])('refuses %s %s when %s is too big (%#)', async (method, url, field, payload) => {
    await refused(
      { method, url: url.replace(':galaxy', String(ids.galaxy)), cookie: people.admin, payload: payload() },
      field,
    )
  })
})

describe('a NUL character (PostgreSQL stores none)', () => {
  it.each([
    ['POST', '/api/items', () => newSet({ name: 'Tower\u0000' }), 'name'],
    ['POST', '/api/items', () => newSet({ theme: '\u0000' }), 'theme'],
    ['POST', '/api/collections', () => ({ itemId: ids.galaxy, condition: 'New\u0000' }), 'condition'],
    ['POST', '/api/items/:galaxy/sales', () => newSale({ sourceRef: 'a\u0000b' }), 'sourceRef'],
    [
      'POST',
      '/api/items/:galaxy/sales',
      () => newSale({ condition: '\u0000', conditionId: undefined }),
      'condition',
    ],
    ['PUT', '/api/me/profile', () => ({ firstName: 'Ann\u0000' }), 'firstName'],
    [
      'POST',
      '/api/auth/register',
      () => ({ email: uniqueEmail(), password: 'long enough pass', lastName: '\u0000' }),
      'lastName',
    ],
    ['GET', '/api/items?query=fal%00con', () => undefined, 'query'],
    ['GET', '/api/items?type=minifig&theme=Star%00Wars', () => undefined, 'theme'],
    ['GET', '/api/items?type=minifig&set=75192%00', () => undefined, 'set'],
    ['GET', '/api/search/items?query=%00', () => undefined, 'query'],
    ['GET', '/api/collections?query=%00', () => undefined, 'query'],
    ['GET', '/api/items/slug/10497-1%00', () => undefined, 'slug'],
  ])('refuses %s %s with a 400 naming the field (%#)', async (method, url, payload, field) => {
    const body = await refused(
      { method, url: url.replace(':galaxy', String(ids.galaxy)), cookie: people.user, payload: payload() },
      field,
    )
    expect(body.errors).toContainEqual({ path: field, message: `${field} must not contain a NUL character` })
  })

  it('names a nested field by its path', async () => {
    const response = await send('POST', '/api/collections', people.user, {
      itemId: ids.galaxy,
      condition: 'New/Sealed',
      extra: [{ note: 'x\u0000' }],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { path: 'extra.0.note', message: 'extra.0.note must not contain a NUL character' },
    ])
  })
})

describe('numbers read only from JSON numbers and plain numerals', () => {
  const entries = async () =>
    (
      await queryRows<{ n: number }>(
        context.database.db,
        sql`select count(*)::int as n from collections where id = ${ids.entryId}`,
      )
    )[0]?.n

  it.each([
    [{ itemId: true }, 'itemId'],
    [{ itemId: [45] }, 'itemId'],
    [{ itemId: { id: 45 } }, 'itemId'],
    [{ itemId: '0x10' }, 'itemId'],
    [{ itemId: '+1' }, 'itemId'],
    [{ itemId: ' 1' }, 'itemId'],
    [{ itemId: '01' }, 'itemId'],
    [{ itemId: '1e1' }, 'itemId'],
    [{ itemId: '' }, 'itemId'],
    [{ quantity: true }, 'quantity'],
    [{ quantity: [2] }, 'quantity'],
    [{ quantity: '0x2' }, 'quantity'],
    [{ quantity: '2 ' }, 'quantity'],
  ])('refuses the collection body %j', async (overrides, field) => {
    await refused(
      {
        method: 'POST',
        url: '/api/collections',
        cookie: people.user,
        payload: { itemId: ids.galaxy, condition: 'New/Sealed', ...overrides },
      },
      field,
    )
  })

  it.each([[{ conditionId: true }], [{ conditionId: [1] }], [{ conditionId: '0x1' }]])(
    'refuses the sale body %j',
    async (overrides) => {
      await refused(
        {
          method: 'POST',
          url: `/api/items/${ids.galaxy}/sales`,
          cookie: people.user,
          payload: newSale(overrides),
        },
        'conditionId',
      )
    },
  )

  it.each([
    ['0x…', (id: number) => `0x${id.toString(16)}`],
    ['+…', (id: number) => `+${id}`],
    ['%20…', (id: number) => `%20${id}`],
    ['…%20', (id: number) => `${id}%20`],
    ['0…', (id: number) => `0${id}`],
    ['….0', (id: number) => `${id}.0`],
    ['…e0', (id: number) => `${id}e0`],
  ])('refuses the entry id written as %s and deletes nothing', async (_form, write) => {
    await refused(
      { method: 'DELETE', url: `/api/collections/${write(ids.entryId)}`, cookie: people.user },
      'id',
    )
    expect(await entries()).toBe(1)
  })

  it.each([
    ['limit=0x10', 'limit'],
    ['limit=%2B5', 'limit'],
    ['limit=%205', 'limit'],
    ['offset=1e2', 'offset'],
    ['themeId=0x10', 'themeId'],
    ['year=02017', 'year'],
  ])('refuses the query %s', async (query, field) => {
    await refused({ method: 'GET', url: `/api/items?${query}` }, field)
  })

  it('still takes ids and counts as plain numerals, as the contract always has', async () => {
    const response = await send('POST', '/api/collections', people.user, {
      itemId: String(ids.galaxy),
      condition: 'New/Sealed',
      quantity: '3',
    })
    expect(response.statusCode, response.body).toBe(201)
    const entry = collectionEntrySchema.parse(response.json())
    expect(entry).toMatchObject({ itemId: ids.galaxy, quantity: 3 })
    const removed = await send('DELETE', `/api/collections/${entry.id}`, people.user)
    expect(removed.statusCode).toBe(204)
  })
})
