import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { itemDetailSchema, listItemsResponseSchema } from '#shared/contract/catalogue.ts'
import { signUpPeople } from '../support/people.ts'
import { setupTestApp } from '../support/test-app.ts'

// The read cache is on here, so every test also checks that writes are seen straight away.
const context = setupTestApp({ readCacheTtlMs: 60_000 })

let people: Record<'user' | 'other' | 'trusted' | 'admin', string>
beforeAll(async () => {
  people = await signUpPeople(context.app, context.database.db, ['user', 'other', 'trusted', 'admin'])
})

const newSet = (overrides: Record<string, unknown> = {}) => ({
  type: 'set',
  name: 'Tiny Test Tower',
  number: `9${Math.floor(Math.random() * 1e6)}-1`,
  theme: 'City',
  year: 2024,
  pieces: 321,
  minifigures: 2,
  originalMsrp: '100.00',
  imageUrl: 'https://cdn.rebrickable.com/media/sets/60380-1.jpg',
  ...overrides,
})

function send(method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | undefined, payload?: object) {
  return context.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload })
}

async function create(cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await send('POST', '/api/items', cookie, newSet(overrides))
  expect(response.statusCode, response.body).toBe(201)
  return itemDetailSchema.parse(response.json())
}

describe('POST /api/items', () => {
  it('adds a set with its slug, theme badge and retail price converted to pounds', async () => {
    const item = await create(people.user, { number: '910001-1' })
    expect(item).toMatchObject({
      type: 'set',
      name: 'Tiny Test Tower',
      number: '910001-1',
      slug: '910001-1-tiny-test-tower',
      theme: 'City',
      year: 2024,
      pieces: 321,
      minifigures: 2,
      // 100 US dollars at the built-in 0.73 pounds per dollar.
      originalMsrp: '73.00',
    })
    expect(item.themeData?.category).toBe('City')
    expect(item.createdBy).toBeTruthy()
    const [stored] = await queryRows<{ amount: string; currency: string }>(
      context.database.db,
      sql`select msrp_original_amount::text as amount, msrp_currency as currency from items where id = ${item.id}`,
    )
    expect(stored).toEqual({ amount: '100.00', currency: 'USD' })
    // Visible at once in lists and search, despite the read cache.
    const found = await context.app.inject({ url: '/api/search/items?query=910001' })
    expect(found.json().results[0]?.id).toBe(item.id)
  })

  it('takes the price in the currency given', async () => {
    const item = await create(people.user, { originalMsrp: '19.99', currency: 'GBP' })
    expect(item.originalMsrp).toBe('19.99')
  })

  it('keeps no set-only fields on a minifigure', async () => {
    const figure = await create(people.user, {
      type: 'minifig',
      number: `tst${Date.now()}`,
      name: 'Test Pilot',
    })
    expect(figure).toMatchObject({ type: 'minifig', pieces: null, minifigures: null, originalMsrp: null })
  })

  it('accepts the same number for a set and a minifigure but not twice for one type', async () => {
    await create(people.user, { number: '910002-1' })
    await create(people.user, { number: '910002-1', type: 'minifig' })
    const again = await send('POST', '/api/items', people.user, newSet({ number: '910002-1' }))
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('A set with the number 910002-1 is already in the catalogue.')
  })

  it.each([
    [{ name: '  ' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ theme: '' }, 'Theme is required'],
    [{ number: '' }, 'Item number is required'],
    [
      { number: '<script>' },
      'Item number may only contain letters, digits, spaces, dots, dashes and slashes',
    ],
    [{ year: 1949 }, 'Year must be 1950 or later'],
    [{ year: new Date().getUTCFullYear() + 1 }, 'Year cannot be in the future'],
    [{ year: '2020' }, 'Year must be a number'],
    [{ pieces: 0 }, 'Pieces must be at least 1'],
    [{ minifigures: -1 }, 'Minifigures must be at least 0'],
    [{ originalMsrp: 'cheap' }, 'Retail price must be an amount such as 19.99'],
    [{ imageUrl: 'javascript:alert(1)' }, 'Image URL must be a web address (http or https)'],
    [{ type: 'brick' }, "type must be 'set' or 'minifig'"],
    [{ currency: 'BTC' }, 'currency must be one of'],
    [{ variantOf: 999999 }, 'variantOf: there is no item with id 999999.'],
  ])('refuses %j with a readable 400 and adds nothing', async (overrides, message) => {
    const before = await count()
    const response = await send('POST', '/api/items', people.user, newSet(overrides))
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain(message)
    expect(await count()).toBe(before)
  })

  it('needs a signed-in user', async () => {
    expect((await send('POST', '/api/items', undefined, newSet())).statusCode).toBe(401)
  })
})

async function count() {
  const [row] = await queryRows<{ n: number }>(context.database.db, sql`select count(*)::int as n from items`)
  return row?.n
}

describe('PUT /api/items/:id', () => {
  it('lets the creator edit; leaves out fields unchanged; keeps the slug', async () => {
    const item = await create(people.user, { number: '910003-1' })
    const response = await send('PUT', `/api/items/${item.id}`, people.user, {
      type: 'set',
      name: 'Tall Test Tower',
      number: '910003-1',
      theme: 'Technic',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(itemDetailSchema.parse(response.json())).toMatchObject({
      name: 'Tall Test Tower',
      theme: 'Technic',
      slug: item.slug,
      pieces: 321,
      originalMsrp: '73.00',
    })
    const cleared = await send('PUT', `/api/items/${item.id}`, people.user, {
      ...newSet({ number: '910003-1' }),
      pieces: null,
      originalMsrp: null,
    })
    expect(cleared.json()).toMatchObject({ pieces: null, originalMsrp: null })
    const page = await context.app.inject({ url: `/api/items/slug/${item.slug}` })
    expect(page.json().pieces).toBeNull()
  })

  it('refuses other users, and lets trusted users and admins edit', async () => {
    const item = await create(people.user)
    const body = newSet({ number: item.number, name: 'Edited' })
    const refused = await send('PUT', `/api/items/${item.id}`, people.other, body)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(
      'Only the person who added this item, trusted members and admins can edit it.',
    )
    expect((await send('PUT', `/api/items/${item.id}`, people.trusted, body)).statusCode).toBe(200)
    expect((await send('PUT', `/api/items/${item.id}`, people.admin, body)).statusCode).toBe(200)
  })

  it('refuses the number of another item of the same type', async () => {
    const item = await create(people.user)
    const response = await send('PUT', `/api/items/${item.id}`, people.user, newSet({ number: '75192-1' }))
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe('A set with the number 75192-1 is already in the catalogue.')
  })

  it('answers 404 for an unknown item and 400 for a bad id', async () => {
    expect((await send('PUT', '/api/items/999999', people.admin, newSet())).statusCode).toBe(404)
    const bad = await send('PUT', '/api/items/abc', people.admin, newSet())
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('id must be a number')
  })
})

describe('DELETE /api/items/:id', () => {
  it('is for trusted users and admins only', async () => {
    const item = await create(people.user)
    const refused = await send('DELETE', `/api/items/${item.id}`, people.user)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Only trusted members and admins can delete items.')
    expect((await send('DELETE', `/api/items/${item.id}`, people.admin)).statusCode).toBe(204)
    expect((await context.app.inject({ url: `/api/items/slug/${item.slug}` })).statusCode).toBe(404)
    expect((await send('DELETE', `/api/items/${item.id}`, people.admin)).statusCode).toBe(404)
  })

  it('refuses to delete an item people keep in collections and alerts, and says why', async () => {
    const item = await create(people.user)
    await context.database.db.execute(sql`insert into collections (user_id, item_id, condition_id, price_paid)
      select u.id, ${item.id}, c.id, 10 from users u, conditions c
      where c.category = 'set' and c.label = 'New/Sealed' limit 2`)
    await context.database.db.execute(sql`insert into alerts (user_id, item_id, condition_id, threshold_value)
      select u.id, ${item.id}, c.id, 10 from users u, conditions c
      where c.category = 'set' and c.label = 'New/Sealed' limit 1`)
    const response = await send('DELETE', `/api/items/${item.id}`, people.admin)
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(
      "This set is in 2 collections, 1 price alert, so it cannot be deleted without losing people's data.",
    )
    expect((await context.app.inject({ url: `/api/items/slug/${item.slug}` })).statusCode).toBe(200)
  })
})

describe('catalogue links', () => {
  it('lists the minifigures of a set with ?set=, by full or short number', async () => {
    for (const set of ['75192-1', '75192']) {
      const response = await context.app.inject({ url: `/api/items?type=minifig&set=${set}&limit=100` })
      const body = listItemsResponseSchema.parse(response.json())
      expect(body.total).toBeGreaterThan(0)
      expect(body.items.every((item) => item.type === 'minifig')).toBe(true)
    }
    const none = await context.app.inject({ url: '/api/items?type=minifig&set=0000000' })
    expect(none.json().total).toBe(0)
  })

  it('shows an item’s variants on its page', async () => {
    const original = await create(people.user)
    const variant = await create(people.user, { variantOf: original.id, name: 'Tiny Test Tower (Blue)' })
    const page = itemDetailSchema.parse(
      (await context.app.inject({ url: `/api/items/slug/${original.slug}` })).json(),
    )
    expect(page.variants.map((item) => item.id)).toEqual([variant.id])
    expect(page.variants[0]?.slug).toBe(variant.slug)
  })
})
