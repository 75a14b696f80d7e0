import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { refreshRates } from '#server/modules/fx/fx.service.ts'
import { fxRatesResponseSchema } from '#shared/contract/fx.ts'
import { FALLBACK_RATES_PER_USD } from '#shared/money.ts'
import { startHttpServer } from '../support/http-stub-server.ts'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp()
const LIVE = {
  USD: 1,
  EUR: 0.9,
  GBP: 0.8,
  CAD: 1.4,
  AUD: 1.6,
  JPY: 150,
  CHF: 0.88,
  SEK: 10.5,
  NOK: 10.8,
  DKK: 6.7,
}

let service: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  service = await startHttpServer((request, response) => {
    if (request.url === '/fails') {
      response.writeHead(503).end('down for maintenance')
    } else if (request.url === '/garbage') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"rates": {"EUR": "lots"')
    } else if (request.url === '/partial') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ rates: { EUR: 0.9 } }))
    } else if (request.url === '/slow') {
      setTimeout(() => response.writeHead(200).end(JSON.stringify({ rates: LIVE })), 2000)
    } else {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ result: 'success', base_code: 'USD', rates: { ...LIVE, XAU: 0.0004 } }))
    }
  })
})
afterAll(() => service.close())

const getRates = async () =>
  fxRatesResponseSchema.parse((await context.app.inject({ url: '/api/fx/rates' })).json())
const storedRows = async () =>
  (await queryRows<{ n: number }>(context.database.db, sql`select count(*)::int as n from fx_rates`))[0]?.n

describe('exchange rates', () => {
  it('serves the built-in rates before any refresh', async () => {
    expect(await getRates()).toEqual({
      base: 'USD',
      rates: FALLBACK_RATES_PER_USD,
      updatedAt: null,
      source: 'fallback',
    })
  })

  it.each([
    ['/fails', 'the rates service answered 503'],
    ['/garbage', 'the rates service did not answer JSON'],
    ['/partial', 'the rates service answered without rates for all ten currencies'],
  ])('keeps the built-in rates when the service at %s misbehaves', async (path, reason) => {
    const outcome = await refreshRates({ db: context.database.db, url: `${service.url}${path}`, minAgeMs: 0 })
    expect(outcome).toEqual({ status: 'failed', reason })
    expect(await storedRows()).toBe(0)
    expect((await getRates()).source).toBe('fallback')
  })

  it('gives up on a service slower than the time limit', async () => {
    const outcome = await refreshRates({
      db: context.database.db,
      url: `${service.url}/slow`,
      minAgeMs: 0,
      timeoutMs: 200,
    })
    expect(outcome.status).toBe('failed')
  })

  it('stores a correct answer and serves it as live rates per US dollar', async () => {
    const outcome = await refreshRates({ db: context.database.db, url: `${service.url}/latest`, minAgeMs: 0 })
    expect(outcome).toEqual({ status: 'updated' })
    expect(await storedRows()).toBe(10)
    const rates = await getRates()
    expect(rates.source).toBe('live')
    expect(rates.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    // Stored as the value of one unit in pounds (6 decimals), so a round trip is close, not exact.
    for (const [code, expected] of Object.entries(LIVE)) {
      expect(Number(rates.rates[code as keyof typeof LIVE])).toBeCloseTo(expected, code === 'JPY' ? 0 : 3)
    }
    const [pound] = await queryRows<{ rate: string }>(
      context.database.db,
      sql`select rate_to_gbp::text as rate from fx_rates where currency = 'USD'`,
    )
    expect(pound?.rate).toBe('0.800000')
  })

  it('skips a refresh while the stored rates are fresh, and keeps them when a later fetch fails', async () => {
    const skipped = await refreshRates({
      db: context.database.db,
      url: `${service.url}/fails`,
      minAgeMs: 60_000,
    })
    expect(skipped).toEqual({ status: 'skipped', reason: 'rates are fresh' })
    const failed = await refreshRates({ db: context.database.db, url: `${service.url}/fails`, minAgeMs: 0 })
    expect(failed.status).toBe('failed')
    expect((await getRates()).source).toBe('live')
  })
})

describe('one refresh at a time', () => {
  // Two instances need two connections; PGlite has one, so this runs against the PostgreSQL server.
  it.runIf(inject('databaseDriver') === 'postgres')(
    'skips while another instance holds the lock',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL as string)
      const [{ current_database: name }] = (await queryRows<{ current_database: string }>(
        context.database.db,
        sql`select current_database()`,
      )) as [{ current_database: string }]
      url.pathname = `/${name}`
      const other = new pg.Client({ connectionString: url.toString() })
      await other.connect()
      try {
        await other.query('select pg_advisory_lock(727002)')
        const outcome = await refreshRates({
          db: context.database.db,
          url: `${service.url}/latest`,
          minAgeMs: 0,
        })
        expect(outcome).toEqual({ status: 'skipped', reason: 'another instance is refreshing' })
      } finally {
        await other.end()
      }
    },
  )
})
