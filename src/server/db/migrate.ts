import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { type DatabaseHandle, postgresPool } from './client.ts'
import { JOB_LOCKS } from './lock-keys.ts'

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url))

/** An arbitrary constant: app instances starting together take turns applying migrations. */
const MIGRATION_LOCK_KEY = JOB_LOCKS.migrations

/** Applies the committed drizzle-kit migrations with the driver's own migrator. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const pool = postgresPool(handle.db)
  if (!pool) {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder })
    return
  }
  // The migrator reads which migrations are applied before its own transaction, and would begin a nested one
  // inside ours; so the lock is the session's, on the one connection the migrator runs everything on.
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migrateNodePg(drizzle({ client }), { migrationsFolder })
  } finally {
    // Closed rather than returned to the pool: its lock ends with it, even if the migration failed.
    client.release(true)
  }
}
