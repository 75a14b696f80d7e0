import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { queryRows } from '#server/db/client.ts'
import { todayUtc } from '#shared/dates.ts'
import { signUpPeople } from '../support/people.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts'

const root = path.resolve(import.meta.dirname, '../..')

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/**
 * Issue 13 part 5: `kill -9` between a sale's commit and its recompute loses nothing. A real server process
 * (running no worker, so that the moment between is as long as the test needs) records sales and is killed;
 * the next instance to start recomputes them. PostgreSQL only: a PGlite database lives inside its one process.
 */
describe.skipIf(inject('databaseDriver') !== 'postgres')('a server killed after commit (PostgreSQL)', () => {
  let database: TestDatabase
  let child: ChildProcess | undefined

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    child?.kill('SIGKILL')
    await database?.close()
  })

  it('loses no sale: the next instance to start recomputes what was queued', async () => {
    const setup = await buildApp({ db: database.db, recompute: { run: false } })
    const { trusted } = await signUpPeople(setup, database.db, ['trusted'])
    await setup.close()
    const [row] = await queryRows<{ item: number; sealed: number }>(
      database.db,
      sql`select (select id from items where number = '10497-1') as item,
        (select id from conditions where category = 'set' and label = 'New/Sealed') as sealed`,
    )
    const { item, sealed } = row as { item: number; sealed: number }

    const port = await freePort()
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        PRICE_RECOMPUTE_WORKER: 'false',
        FX_API_URL: 'http://127.0.0.1:9/unreachable',
      },
      stdio: 'ignore',
    })
    const base = `http://127.0.0.1:${port}`
    await expect
      .poll(
        () =>
          fetch(`${base}/readyz`).then(
            (response) => response.status,
            () => 0,
          ),
        {
          timeout: 60_000,
          interval: 250,
        },
      )
      .toBe(200)
    for (const price of ['100', '110', '120']) {
      const response = await fetch(`${base}/api/items/${item}/sales`, {
        method: 'POST',
        headers: { cookie: trusted, 'content-type': 'application/json' },
        body: JSON.stringify({
          price,
          currency: 'GBP',
          conditionId: sealed,
          saleDate: todayUtc(),
          source: 'eBay',
        }),
      })
      expect(response.status, await response.text()).toBe(201)
    }
    const queued = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from price_recompute_queue where item_id = ${item}`,
        )
      )[0]?.n
    expect(await queued()).toBe(3)
    child.kill('SIGKILL')
    await new Promise((resolve) => child?.once('exit', resolve))

    const next = await buildApp({ db: database.db, listen: database.listen })
    try {
      await next.ready()
      await expect.poll(queued, { timeout: 15_000 }).toBe(0)
      const summary = (await next.inject({ url: `/api/items/${item}/price-summary` })).json()
      expect(summary.new).toMatchObject({ fairPrice: '110.00', salesCount: 3 })
      expect(summary.updating).toBe(false)
    } finally {
      await next.close()
    }
  }, 120_000)
})
