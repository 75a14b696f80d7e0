import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayUtc } from '#shared/dates.ts'
import { FIRST_ACCOUNT } from '../support/first-account.ts'
import { type ServerProcess, startServerProcess } from '../support/server-process.ts'
import { uniqueEmail } from '../support/session.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts'

/**
 * DESIGN §1 and ADR 021: two app processes on one PostgreSQL, each with the read cache on as in production.
 * Every write goes through one and the very next request reads through the other, after that other has
 * cached the old answer where it may: nothing stale comes back.
 */
let database: TestDatabase
let writer: ServerProcess
let reader: ServerProcess
let cookie = ''

interface Answer {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, each checked by the values it must hold
  body: any
  cache: string | null
}

async function call(server: ServerProcess, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    cache: response.headers.get('x-cache'),
  }
}

const read = async (path: string) => {
  const answer = await call(reader, 'GET', path)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer
}

const write = async (method: string, path: string, body: unknown, status: number) => {
  const answer = await call(writer, method, path, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  return answer.body
}

let item: { id: number; slug: string; number: string; name: string; theme: string }
let conditionId: number

beforeAll(async () => {
  database = await createTestDatabase()
  const env = { DATABASE_URL: database.url as string, READ_CACHE_TTL_SECONDS: '30' }
  ;[writer, reader] = await Promise.all([startServerProcess(env), startServerProcess(env)])
  const login = await fetch(`${writer.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(FIRST_ACCOUNT),
  })
  expect(login.status).toBe(200)
  cookie = (login.headers.getSetCookie().find((header) => header.startsWith('bf_session=')) ?? '').split(
    ';',
  )[0] as string
  const [first] = (await read('/api/items?type=set&limit=1&sort=number')).body.items
  item = (await read(`/api/items/slug/${first.slug}`)).body
  const conditions = (await read('/api/conditions?category=set')).body
  conditionId = conditions.find((condition: { label: string }) => condition.label === 'New/Sealed').id
}, 120_000)

afterAll(async () => {
  await Promise.all([writer?.stop(), reader?.stop()])
  await database?.close()
}, 30_000)

describe('two app processes on one PostgreSQL', () => {
  it('caches catalogue answers in each process (the cache the other tests must see through)', async () => {
    await read(`/api/items/slug/${item.slug}`)
    expect((await read(`/api/items/slug/${item.slug}`)).cache).toBe('hit')
  })

  it('shows a collection entry added through one in the other’s collection and figures', async () => {
    const before = (await read('/api/collections')).body
    const statsBefore = (await read('/api/me/stats')).body
    await write(
      'POST',
      '/api/collections',
      { itemId: item.id, condition: 'New/Sealed', pricePaid: '12.34' },
      201,
    )
    const after = (await read('/api/collections')).body
    expect(after.total).toBe(before.total + 1)
    expect(after.entries.map((entry: { itemId: number }) => entry.itemId)).toContain(item.id)
    expect((await read('/api/me/stats')).body.collectionCount).toBe(statsBefore.collectionCount + 1)
  })

  it('shows an item edited through one on the other’s item page, lists and search', async () => {
    const searchPath = `/api/search/items?query=${encodeURIComponent('Coherent Citadel')}`
    await read(`/api/items/slug/${item.slug}`)
    expect((await read(`/api/items/slug/${item.slug}`)).cache).toBe('hit')
    expect((await read(searchPath)).body.results).toHaveLength(0)
    expect((await read(searchPath)).cache).toBe('hit')
    await write(
      'PUT',
      `/api/items/${item.id}`,
      { type: 'set', name: 'Coherent Citadel', number: item.number, theme: item.theme },
      200,
    )
    const page = await read(`/api/items/slug/${item.slug}`)
    expect(page.body.name).toBe('Coherent Citadel')
    const found = (await read(searchPath)).body.results
    expect(found.map((result: { id: number }) => result.id)).toContain(item.id)
  })

  it('shows a sale recorded through one in the other’s sales at once, and in its prices once recomputed', async () => {
    await read(`/api/items/${item.id}/price-summary`)
    const cachedSummary = await read(`/api/items/${item.id}/price-summary`)
    expect(cachedSummary.cache).toBe('hit')
    const sale = await write(
      'POST',
      `/api/items/${item.id}/sales`,
      { price: '321.00', currency: 'GBP', conditionId, saleDate: todayUtc(), source: 'eBay' },
      201,
    )
    const sales = (await read(`/api/items/${item.id}/sales?limit=50`)).body
    expect(JSON.stringify(sales)).toContain(sale.id)
    // Prices are recomputed after commit (ADR 016), within DESIGN §5's second: the other process forgets its
    // cached prices when the recompute commits, and then shows the sale counted.
    const deadline = Date.now() + 2000
    let summary = (await read(`/api/items/${item.id}/price-summary`)).body
    while (summary.new.salesCount === cachedSummary.body.new.salesCount && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      summary = (await read(`/api/items/${item.id}/price-summary`)).body
    }
    expect(summary.new.salesCount).toBe(cachedSummary.body.new.salesCount + 1)
  })

  it('shows a profile change made through one in the other', async () => {
    expect((await read('/api/auth/user')).body.currencyPreference).not.toBe('EUR')
    await write('PUT', '/api/me/profile', { currencyPreference: 'EUR' }, 200)
    expect((await read('/api/auth/user')).body.currencyPreference).toBe('EUR')
  })

  it('refuses a session ended through one in the other, though the other keeps the sessions it saw (ADR 034)', async () => {
    const account = { email: uniqueEmail('signout'), password: 'a long right password' }
    const registered = await fetch(`${writer.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    })
    expect(registered.status).toBe(201)
    const session = (
      registered.headers.getSetCookie().find((header) => header.startsWith('bf_session=')) ?? ''
    ).split(';')[0] as string
    const user = (server: ServerProcess) =>
      fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie: session } }).then(
        (answer) => answer.status,
      )
    expect(await user(reader)).toBe(200)
    expect(await user(reader)).toBe(200)
    const signedOut = await fetch(`${writer.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: session, origin: writer.baseUrl },
    })
    expect(signedOut.status).toBeLessThan(300)
    expect(await user(reader)).toBe(401)
  })

  it('shows an alert set through one in the other’s watchlist and figures', async () => {
    const statsBefore = (await read('/api/me/stats')).body
    const alert = await write(
      'POST',
      '/api/alerts',
      { itemId: item.id, conditionId, direction: 'below', thresholdValue: '9.99' },
      201,
    )
    expect(JSON.stringify((await read('/api/me/alerts')).body)).toContain(alert.id)
    expect((await read('/api/me/stats')).body.alertsCount).toBe(statsBefore.alertsCount + 1)
  })

  it('counts sign-in attempts made through either against one limit, and knows a browser either signed in from', async () => {
    const account = { email: uniqueEmail('attempts'), password: 'a long right password' }
    const signIn = (server: ServerProcess, password: string, device = '') =>
      fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: device },
        body: JSON.stringify({ email: account.email, password }),
      })
    const registered = await fetch(`${writer.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    })
    expect(registered.status).toBe(201)
    // The owner's browser signs in through the writer, and is given its known-device cookie.
    const owner = await signIn(writer, account.password)
    expect(owner.status).toBe(200)
    const device = (
      owner.headers.getSetCookie().find((header) => header.startsWith('bf_device=')) ?? ''
    ).split(';')[0] as string
    expect(device).not.toBe('')
    // Ten wrong passwords from this address, five through each: the limit is ten per 15 minutes (main.ts), and
    // the eleventh is refused through either, as one app would refuse it.
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(attempt % 2 === 0 ? writer : reader, 'a wrong password')).status).toBe(401)
    }
    expect((await signIn(reader, 'a wrong password')).status).toBe(429)
    expect((await signIn(writer, account.password)).status).toBe(429)
    // The owner's browser counts apart, through the other process too: it knows the cookie the writer gave.
    expect((await signIn(reader, account.password, device)).status).toBe(200)
  })
})
