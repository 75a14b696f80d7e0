import { count, sql } from 'drizzle-orm'
import { Gauge, type Registry } from 'prom-client'
import { type Database, postgresPool } from '../db/client.ts'
import { importJobs, priceRecomputeQueue } from '../db/schema/index.ts'

/** An import job's status as /metrics names it ('done' is the table's word for finished). */
const IMPORT_STATUSES = { queued: 'queued', running: 'running', done: 'finished', failed: 'failed' } as const

/**
 * The database's gauges, read when /metrics is scraped (never on a request's path): the connection pool from
 * pg's own counts, and two cheap queries: the recompute queue's depth and age (DESIGN §5) and the import jobs
 * by status. The queue and the jobs are shared by every instance, so each instance reports the same numbers.
 */
export function databaseGauges(registry: Registry, db: Database) {
  const registers = [registry]
  const pool = postgresPool(db)
  new Gauge({
    name: 'brickfolio_db_pool_max_connections',
    help: 'Most connections the pool opens (PGlite: its one connection, which queues queries itself).',
    labelNames: ['driver'],
    registers,
  }).set({ driver: pool ? 'postgres' : 'pglite' }, pool ? (pool.options.max ?? 10) : 1)
  // pg's own counts; PGlite has no pool and does not tell how many queries wait for its connection.
  const poolConnections = pool
    ? new Gauge({
        name: 'brickfolio_db_pool_connections',
        help: 'Open PostgreSQL connections of the pool: in use by a query or transaction, or idle.',
        labelNames: ['state'],
        registers,
      })
    : undefined
  const poolWaiting = pool
    ? new Gauge({
        name: 'brickfolio_db_pool_waiting_requests',
        help: 'Queries and transactions waiting for a free PostgreSQL connection of the pool.',
        registers,
      })
    : undefined
  const reachable = new Gauge({
    name: 'brickfolio_db_scrape_reachable',
    help: '1 when the queries of this scrape reached the database, 0 when they failed (its gauges are then absent).',
    registers,
  })
  const queueDepth = new Gauge({
    name: 'brickfolio_price_recompute_queue_depth',
    help: 'Changes waiting in the price recompute queue (rows of price_recompute_queue).',
    registers,
  })
  const queueAge = new Gauge({
    name: 'brickfolio_price_recompute_queue_oldest_seconds',
    help: 'How long the oldest queued change has waited; 0 when the queue is empty.',
    registers,
  })
  const imports = new Gauge({
    name: 'brickfolio_import_jobs',
    help: 'Import jobs by status: queued, running, finished or failed.',
    labelNames: ['status'],
    registers,
  })

  return async function refresh(): Promise<void> {
    if (pool) {
      poolConnections?.set({ state: 'in_use' }, pool.totalCount - pool.idleCount)
      poolConnections?.set({ state: 'idle' }, pool.idleCount)
      poolWaiting?.set(pool.waitingCount)
    }
    try {
      const [queue] = await db
        .select({
          depth: count(),
          oldestSeconds: sql<number>`coalesce(extract(epoch from clock_timestamp() - min(${priceRecomputeQueue.enqueuedAt})), 0)::float8`,
        })
        .from(priceRecomputeQueue)
      const jobs = await db
        .select({ status: importJobs.status, jobs: count() })
        .from(importJobs)
        .groupBy(importJobs.status)
      queueDepth.set(queue?.depth ?? 0)
      queueAge.set(Number(queue?.oldestSeconds ?? 0))
      for (const status of Object.values(IMPORT_STATUSES)) imports.set({ status }, 0)
      for (const row of jobs) imports.set({ status: IMPORT_STATUSES[row.status] }, row.jobs)
      reachable.set(1)
    } catch {
      // The database is away: say so rather than fail the scrape; the process metrics still come through.
      queueDepth.reset()
      queueAge.reset()
      imports.reset()
      reachable.set(0)
    }
  }
}
