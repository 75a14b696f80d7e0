import { sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { items, users } from '#server/db/schema/index.ts'
import { startFxRefresh } from '#server/jobs/fx-refresh.ts'
import { startSessionCleanup } from '#server/jobs/session-cleanup.ts'
import { setupTestApp } from '../support/test-app.ts'
import { fakeWebDist } from '../support/web-dist.ts'

const TOKEN = 'metrics-token-for-the-tests-0123456789'
const webDistDir = fakeWebDist()
// The recompute worker is left stopped, so that the queue holds what the test puts in it.
const context = setupTestApp({
  metricsToken: TOKEN,
  readCacheTtlMs: 30_000,
  recompute: { run: false },
  webDistDir,
})

const askWith = (authorization: string | undefined) =>
  context.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } })
const scrape = () => askWith(`Bearer ${TOKEN}`)

/** The value of one sample of the scrape, e.g. `http_requests_total{method="GET",…}`; undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string | number> = {},
): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const present = (match[2] ?? '').split(/,(?=[a-z_]+=")/)
    if (wanted.every((label) => present.includes(label))) return Number(match[3])
  }
  return undefined
}

const someItemId = async () => {
  const [item] = await context.database.db.select({ id: items.id }).from(items).limit(1)
  return item?.id as number
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN: 404, as an unknown path, not the web app', async () => {
    const app = await buildApp({ db: context.database.db, webDistDir })
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
        const response = await app.inject({
          url: '/metrics',
          headers: { accept: 'text/html', ...(authorization ? { authorization } : {}) },
        })
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual({ message: 'Page not found', code: 'NOT_FOUND' })
      }
    } finally {
      await app.close()
    }
  })

  it('answers 401 without the token, with a wrong one, or another scheme', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer wrong-token-of-some-length-0000000',
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN} extra`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
      `Bearer\t${TOKEN}`,
      `Bearer ${TOKEN.toUpperCase()}`,
    ]) {
      const response = await askWith(authorization)
      expect(response.statusCode, String(authorization)).toBe(401)
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"')
      expect(response.json()).toMatchObject({ code: 'METRICS_TOKEN_REQUIRED' })
      expect(response.body).not.toContain('http_requests_total')
    }
  })

  it("answers the right token in Prometheus's text format, with the process's own metrics", async () => {
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `BEARER  ${TOKEN}`]) {
      const response = await askWith(authorization)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-store')
    }
    const text = (await scrape()).body
    expect(text).toContain('# TYPE http_requests_total counter')
    expect(text).toContain('# TYPE http_request_duration_seconds histogram')
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
  })

  it('counts each request under its route pattern and status, never its URL', async () => {
    const id = await someItemId()
    const before = (await scrape()).body
    const route = '/api/items/:id/price-summary'
    const count = (text: string, status: number) =>
      sample(text, 'http_requests_total', { method: 'GET', route, status_code: status }) ?? 0
    for (let i = 0; i < 3; i++) {
      expect((await context.app.inject({ url: `/api/items/${id}/price-summary` })).statusCode).toBe(200)
    }
    // Bad input is counted under its route too, and a path no route has under one label for all.
    expect((await context.app.inject({ url: '/api/items/not-a-number/price-summary' })).statusCode).toBe(400)
    expect((await context.app.inject({ url: '/api/no-such-thing/12345' })).statusCode).toBe(404)

    const after = (await scrape()).body
    expect(count(after, 200) - count(before, 200)).toBe(3)
    expect(count(after, 400) - count(before, 400)).toBe(1)
    const unmatched = { method: 'GET', route: '(no route)', status_code: 404 }
    expect(sample(after, 'http_requests_total', unmatched)).toBe(
      (sample(before, 'http_requests_total', unmatched) ?? 0) + 1,
    )
    expect(
      sample(after, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: 200 }),
    ).toBe(count(after, 200))
    expect(after).not.toContain(`/api/items/${id}/`)
    expect(after).not.toContain('not-a-number')
    expect(after).not.toContain('no-such-thing')
  })

  it('counts read-cache hits and misses per route from the answers’ x-cache header', async () => {
    const id = await someItemId()
    const route = '/api/items/:id/price-history'
    const url = `/api/items/${id}/price-history?range=all`
    const before = (await scrape()).body
    const first = await context.app.inject({ url })
    const second = await context.app.inject({ url })
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['miss', 'hit'])
    const after = (await scrape()).body
    for (const result of ['hit', 'miss']) {
      const labels = { route, result }
      expect(sample(after, 'brickfolio_read_cache_answers_total', labels)).toBe(
        (sample(before, 'brickfolio_read_cache_answers_total', labels) ?? 0) + 1,
      )
    }
  })

  it('shows the recompute queue’s depth and the age of its oldest change, read when scraped', async () => {
    const { db } = context.database
    const empty = (await scrape()).body
    expect(sample(empty, 'brickfolio_price_recompute_queue_depth')).toBe(0)
    expect(sample(empty, 'brickfolio_price_recompute_queue_oldest_seconds')).toBe(0)
    expect(sample(empty, 'brickfolio_db_scrape_reachable')).toBe(1)

    const id = await someItemId()
    await db.execute(sql`insert into price_recompute_queue (item_id, grade, from_day, enqueued_at) values
      (${id}, 'new', current_date, now() - interval '90 seconds'),
      (${id}, 'used', current_date, now() - interval '5 seconds'),
      (${id}, 'new', current_date, now())`)
    try {
      const queued = (await scrape()).body
      expect(sample(queued, 'brickfolio_price_recompute_queue_depth')).toBe(3)
      const age = sample(queued, 'brickfolio_price_recompute_queue_oldest_seconds') as number
      expect(age).toBeGreaterThanOrEqual(90)
      expect(age).toBeLessThan(120)
    } finally {
      await db.execute(sql`delete from price_recompute_queue where item_id = ${id}`)
    }
    expect(sample((await scrape()).body, 'brickfolio_price_recompute_queue_depth')).toBe(0)
  })

  it('counts import jobs by status', async () => {
    const { db } = context.database
    const [user] = await db.select({ id: users.id }).from(users).limit(1)
    const before = (await scrape()).body
    const statuses = ['queued', 'queued', 'running', 'done', 'failed', 'failed', 'failed'] as const
    await db.execute(sql`insert into import_jobs (user_id, status, mode, target) select ${user?.id}, status, 'commit', 'collection'
      from unnest(${sql.raw(`array['${statuses.join("','")}']`)}::text[]) as status`)
    const after = (await scrape()).body
    const added = (status: string) =>
      (sample(after, 'brickfolio_import_jobs', { status }) as number) -
      (sample(before, 'brickfolio_import_jobs', { status }) as number)
    expect(['queued', 'running', 'finished', 'failed'].map(added)).toEqual([2, 1, 1, 3])
  })

  it('counts the runs and failures of the jobs and the recompute worker’s passes', async () => {
    const { app, database } = context
    const runs = (text: string, job: string, outcome: string) =>
      sample(text, 'brickfolio_job_runs_total', { job, outcome }) ?? 0
    const before = (await scrape()).body
    // Real jobs, as main.ts starts them: one cleans up, the other cannot reach its rates service.
    const stopCleanup = startSessionCleanup({ db: database.db, log: app.log, runs: app.jobRuns })
    const stopFx = startFxRefresh({
      db: database.db,
      url: 'http://127.0.0.1:9/rates',
      intervalMs: 60 * 60_000,
      log: app.log,
      runs: app.jobRuns,
    })
    await app.priceRecompute.drain()
    let after = before
    for (let tries = 0; tries < 100; tries++) {
      after = (await scrape()).body
      if (runs(after, 'session_cleanup', 'ok') > 0 && runs(after, 'fx_refresh', 'failed') > 0) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    stopCleanup()
    stopFx()
    expect(runs(after, 'session_cleanup', 'ok') - runs(before, 'session_cleanup', 'ok')).toBe(1)
    expect(runs(after, 'fx_refresh', 'failed') - runs(before, 'fx_refresh', 'failed')).toBe(1)
    expect(runs(after, 'price_recompute', 'ok') - runs(before, 'price_recompute', 'ok')).toBeGreaterThan(0)
    expect(sample(after, 'brickfolio_job_run_duration_seconds_count', { job: 'session_cleanup' })).toBe(
      runs(after, 'session_cleanup', 'ok'),
    )
  })

  it('reports the database pool: pg’s counts on PostgreSQL, its one connection on PGlite', async () => {
    const text = (await scrape()).body
    if (inject('databaseDriver') === 'postgres') {
      // test-database.ts opens each file's pool with 4 connections.
      expect(sample(text, 'brickfolio_db_pool_max_connections', { driver: 'postgres' })).toBe(4)
      const inUse = sample(text, 'brickfolio_db_pool_connections', { state: 'in_use' }) as number
      const idle = sample(text, 'brickfolio_db_pool_connections', { state: 'idle' }) as number
      expect(inUse + idle).toBeGreaterThan(0)
      expect(inUse + idle).toBeLessThanOrEqual(4)
      expect(sample(text, 'brickfolio_db_pool_waiting_requests')).toBe(0)
    } else {
      expect(sample(text, 'brickfolio_db_pool_max_connections', { driver: 'pglite' })).toBe(1)
      expect(sample(text, 'brickfolio_db_pool_connections', { state: 'idle' })).toBeUndefined()
      expect(sample(text, 'brickfolio_db_pool_waiting_requests')).toBeUndefined()
    }
  })

  it("keeps each app's counts to itself (tests build many apps in one process)", async () => {
    const other = await buildApp({ db: context.database.db, metricsToken: TOKEN, recompute: { run: false } })
    try {
      await other.inject({ url: '/healthz' })
      const text = (await other.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
        .body
      expect(sample(text, 'http_requests_total', { route: '/healthz', status_code: 200 })).toBe(1)
      expect(text).not.toContain('/api/items/:id/price-summary')
    } finally {
      await other.close()
    }
  })
})
