import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { DatabaseHandle } from './client.ts'
import { JOB_LOCKS } from './lock-keys.ts'

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url))

/** An arbitrary constant: app instances starting together take turns applying migrations. */
const MIGRATION_LOCK_KEY = JOB_LOCKS.migrations

/** Applies the committed drizzle-kit migrations with the driver's own migrator. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder })
    return
  }
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
    await migrateNodePg(tx as unknown as NodePgDatabase, { migrationsFolder })
  })
}
