import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import { vacuumAsAutovacuumWould } from '../db/vacuum.ts'
import { type JobRuns, repeatEvery, reportRun } from './job-runs.ts'

const FIVE_MINUTES_MS = 5 * 60 * 1000

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL as a single process, without the background workers
 * autovacuum is (though `show autovacuum` says on): without this, every updated or deleted row — the recompute
 * queue's, the collection totals', expired sessions — would stay in its table for good, and the planner's
 * statistics would stay those of the day the tables were loaded. Every five minutes, what autovacuum's
 * rules would vacuum by then is vacuumed and analyzed (`vacuumAsAutovacuumWould`). Returns a function that stops
 * it and resolves when a run under way has ended, before the database closes.
 */
export function startEmbeddedVacuum({
  db,
  log,
  intervalMs = FIVE_MINUTES_MS,
  runs,
}: {
  db: Database
  log: FastifyBaseLogger
  intervalMs?: number
  runs?: JobRuns
}): () => Promise<void> {
  const pass = () =>
    reportRun(runs, 'vacuum', () => vacuumAsAutovacuumWould(db))
      .then((tables) => {
        if (tables.length > 0) log.debug({ tables }, 'embedded database vacuumed')
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, 'embedded database not vacuumed; trying again later'),
      )
  return repeatEvery(intervalMs, pass, { now: false })
}
