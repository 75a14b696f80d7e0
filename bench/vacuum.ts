import { sql } from 'drizzle-orm'
import { openDatabase, queryRows } from '#server/db/client.ts'
import { vacuumAsAutovacuumWould } from '#server/db/vacuum.ts'

/**
 * Stands in for autovacuum when the PostgreSQL measured runs without it, as CI clusters often do (this machine's
 * turns it off in `conf.d/90-ci.conf`); a deployed database runs it, on by default. Called between rows, it
 * vacuums and analyzes each table autovacuum's rules, with each table's own settings, would
 * (`vacuumAsAutovacuumWould`, which the embedded database runs as a job). Without it every row after the writes
 * measured a database that never cleans up: 128,000 dead entries beside 208,000 live ones after a few runs (ADR
 * 033). Answers the tables it vacuumed; none when autovacuum is on.
 */
export async function standInForAutovacuum(url: string): Promise<string[]> {
  const database = await openDatabase({ driver: 'postgres', url, poolMax: 1 })
  try {
    const [setting] = await queryRows<{ autovacuum: string }>(database.db, sql`show autovacuum`)
    if (setting?.autovacuum === 'on') return []
    return await vacuumAsAutovacuumWould(database.db)
  } finally {
    await database.close()
  }
}
