import pg from 'pg'
import type { Database } from './client.ts'

/** Keys held in this process, per PGlite database (a PGlite database has one connection, in one process). */
const heldInProcess = new WeakMap<object, Set<number>>()

/**
 * Runs `work` holding a PostgreSQL advisory lock for its whole length, so that of several instances only one
 * runs a periodic job at a time; answers `{ ran: false }` at once when another holds it.
 *
 * The lock is a session lock on a connection of its own, kept out of the pool while the job runs: the job's
 * writes go through short transactions of their own (a job-long transaction would hold row and price locks
 * for minutes). Should that connection be lost, PostgreSQL frees the lock and another instance may start;
 * a job run this way must therefore be safe to overlap (idempotent writes, quotas counted in the database).
 * PGlite is one connection that one process owns (data-dir-lock.ts), so there the lock is this process's.
 */
export async function withJobLock<T>(
  db: Database,
  key: number,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = (db as unknown as { $client: unknown }).$client
  if (client instanceof pg.Pool) {
    const connection = await client.connect()
    let lost: Error | undefined
    try {
      const { rows } = await connection.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [key],
      )
      if (!rows[0]?.locked) return { ran: false }
      try {
        return { ran: true, value: await work() }
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [key]).catch((error: Error) => {
          // Unlocked already, by the connection's loss: the pool must not take the broken connection back.
          lost = error
        })
      }
    } finally {
      connection.release(lost)
    }
  }
  const held = heldInProcess.get(client as object) ?? new Set<number>()
  heldInProcess.set(client as object, held)
  if (held.has(key)) return { ran: false }
  held.add(key)
  try {
    return { ran: true, value: await work() }
  } finally {
    held.delete(key)
  }
}
