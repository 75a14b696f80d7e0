import pg from 'pg'
import { type Database, postgresPool } from './client.ts'

/** Keys held in this process, per PGlite database (a PGlite database has one connection, in one process). */
const heldInProcess = new WeakMap<object, Set<number>>()

/**
 * Runs `work` holding a PostgreSQL advisory lock for its whole length, so that of several instances only one
 * runs a periodic job at a time; answers `{ ran: false }` at once when another holds it.
 *
 * The lock is a session lock on a connection of its own, opened beside the pool for the run: the job's writes
 * go through the pool in short transactions of their own (a job-long transaction would hold row and price locks
 * for minutes), and a pool of a few connections (ADR 029) keeps all of them for requests while a long job runs.
 * Should the lock's connection be lost, PostgreSQL frees the lock and another instance may start;
 * a job run this way must therefore be safe to overlap (idempotent writes, quotas counted in the database).
 * PGlite is one connection that one process owns (data-dir-lock.ts), so there the lock is this process's.
 */
export async function withJobLock<T>(
  db: Database,
  key: number,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const pool = postgresPool(db)
  if (pool) {
    const connection = new pg.Client(pool.options)
    // A lost connection is an 'error' event, which would end the process unheard; the query in flight fails.
    connection.on('error', () => {})
    await connection.connect()
    try {
      const { rows } = await connection.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [key],
      )
      if (!rows[0]?.locked) return { ran: false }
      return { ran: true, value: await work() }
    } finally {
      // Closing the session frees its lock (a lost one has freed it already).
      await connection.end().catch(() => {})
    }
  }
  const client = (db as unknown as { $client: object }).$client
  const held = heldInProcess.get(client) ?? new Set<number>()
  heldInProcess.set(client, held)
  if (held.has(key)) return { ran: false }
  held.add(key)
  try {
    return { ran: true, value: await work() }
  } finally {
    held.delete(key)
  }
}
