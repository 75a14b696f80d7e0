import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { vacuumAsAutovacuumWould } from '#server/db/vacuum.ts'
import { startEmbeddedVacuum } from '#server/jobs/embedded-vacuum.ts'
import type { JobName } from '#server/jobs/job-runs.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts'

/**
 * The embedded database has no autovacuum (PGlite runs no background workers): a job vacuums and analyzes what
 * autovacuum's default rules would. Each test churns a table of its own, with PostgreSQL's autovacuum kept off
 * it, so that only the job can have cleaned it.
 */
let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.close()
})

interface TableStats {
  live: number
  dead: number
  inserted: number
  vacuumed: boolean
  analyzed: boolean
}

async function statsOf(table: string): Promise<TableStats> {
  const [row] = await queryRows<TableStats>(
    database.db,
    sql`select n_live_tup::int as live, n_dead_tup::int as dead, n_ins_since_vacuum::int as inserted,
        last_vacuum is not null as vacuumed,
        last_analyze is not null as analyzed
      from pg_stat_user_tables where relname = ${table}`,
  )
  if (!row) throw new Error(`no statistics for ${table}`)
  return row
}

/**
 * Waits until the statistics of `table` show `reached`: a backend hands its counts to the statistics at most once
 * a second.
 */
async function statsReach(
  table: string,
  reached: (stats: TableStats) => boolean,
  what: string,
): Promise<void> {
  const until = Date.now() + 20_000
  while (!reached(await statsOf(table))) {
    if (Date.now() > until) throw new Error(`${what} of ${table} never reached the statistics`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** A table of 400 rows of which 300 were deleted: autovacuum's rule (dead over 50 + 20 % of live) is met. */
async function churned(table: string): Promise<void> {
  await database.db.execute(
    sql.raw(`create table ${table} (id int primary key, note text) with (autovacuum_enabled = false)`),
  )
  await database.db.execute(
    sql.raw(`insert into ${table} select g, 'row ' || g from generate_series(1, 400) g`),
  )
  await database.db.execute(sql.raw(`delete from ${table} where id > 100`))
  await statsReach(table, (stats) => stats.dead >= 300, 'the deleted rows')
}

describe('the embedded database’s autovacuum', () => {
  it('vacuums and analyzes a table whose dead rows autovacuum would clean, and then finds nothing due', async () => {
    await churned('vacuum_probe_dead')
    expect(await statsOf('vacuum_probe_dead')).toMatchObject({ dead: 300, vacuumed: false, analyzed: false })

    const vacuumed = await vacuumAsAutovacuumWould(database.db)

    expect(vacuumed).toContain('public.vacuum_probe_dead')
    expect(await statsOf('vacuum_probe_dead')).toEqual({
      live: 100,
      dead: 0,
      inserted: 0,
      vacuumed: true,
      analyzed: true,
    })
    expect(await vacuumAsAutovacuumWould(database.db)).not.toContain('public.vacuum_probe_dead')
  })

  it('follows a table’s own settings before the server’s, as autovacuum does (sales: after 10,000 inserted)', async () => {
    // Two tables of 5,000 rows, vacuumed, then 300 rows more each: the default rule (1,000 + 20 % inserted) is not
    // met; the rule of the table that has its own (100 inserted, whatever its size), as sales has, is.
    const own =
      'with (autovacuum_enabled = false, autovacuum_vacuum_insert_threshold = 100, autovacuum_vacuum_insert_scale_factor = 0)'
    for (const [table, options] of [
      ['vacuum_probe_inserts_own', own],
      ['vacuum_probe_inserts_default', 'with (autovacuum_enabled = false)'],
    ] as const) {
      await database.db.execute(sql.raw(`create table ${table} (id int primary key) ${options}`))
      await database.db.execute(sql.raw(`insert into ${table} select g from generate_series(1, 5000) g`))
      // The vacuum's own count is sent at once, the inserts' within a second: vacuumed before they arrive, the
      // table would count them again as inserted since.
      await statsReach(table, (stats) => stats.inserted >= 5000, 'the inserted rows')
      await database.db.execute(sql.raw(`vacuum (analyze) ${table}`))
      await database.db.execute(sql.raw(`insert into ${table} select g from generate_series(5001, 5300) g`))
      await statsReach(table, (stats) => stats.inserted >= 300, 'the inserted rows')
    }

    const vacuumed = await vacuumAsAutovacuumWould(database.db)

    expect(vacuumed).toContain('public.vacuum_probe_inserts_own')
    expect(vacuumed).not.toContain('public.vacuum_probe_inserts_default')
    expect(await statsOf('vacuum_probe_inserts_own')).toMatchObject({ inserted: 0, vacuumed: true })
    expect(await statsOf('vacuum_probe_inserts_default')).toMatchObject({ inserted: 300 })
    const [sales] = await queryRows<{ options: string[] }>(
      database.db,
      sql`select reloptions as options from pg_class where oid = 'sales'::regclass`,
    )
    expect(sales?.options).toEqual(
      expect.arrayContaining([
        'autovacuum_vacuum_insert_threshold=10000',
        'autovacuum_vacuum_insert_scale_factor=0',
      ]),
    )
  })

  it('runs as a job, each run counted, and stops once the run under way has ended', async () => {
    await churned('vacuum_probe_job')
    const recorded: { job: JobName; failed: boolean }[] = []
    const stop = startEmbeddedVacuum({
      db: database.db,
      log: Fastify().log,
      intervalMs: 50,
      runs: { record: (job, run) => recorded.push({ job, failed: run.failed }) },
    })
    try {
      const until = Date.now() + 20_000
      while (!(await statsOf('vacuum_probe_job')).vacuumed) {
        if (Date.now() > until) throw new Error('the job never vacuumed the table')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      await stop()
    }
    expect(await statsOf('vacuum_probe_job')).toMatchObject({ dead: 0, vacuumed: true, analyzed: true })
    expect(recorded.length).toBeGreaterThan(0)
    expect(recorded.every((run) => run.job === 'vacuum' && !run.failed)).toBe(true)

    // Stopped: no run comes after.
    const runsWhenStopped = recorded.length
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(recorded.length).toBe(runsWhenStopped)
  })
})
