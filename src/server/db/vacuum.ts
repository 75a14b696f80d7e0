import { sql } from 'drizzle-orm'
import { type Database, queryRows } from './client.ts'

/**
 * Vacuums and analyzes each table that autovacuum's default rules would by now: dead rows over 50 + 20 % of its
 * live rows, rows inserted since its last vacuum over 1,000 + 20 %, or rows changed since its last analyze over
 * 50 + 10 %. Answers the tables it vacuumed, none when no table is due. For a database that autovacuum does not
 * look after: the embedded one always (`startEmbeddedVacuum`), a PostgreSQL with it turned off in the bench.
 */
export async function vacuumAsAutovacuumWould(db: Database): Promise<string[]> {
  const due = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
      where n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
        or n_mod_since_analyze > 50 + 0.1 * n_live_tup
      order by 1`,
  )
  // Names from the catalogue, quoted by format(): nothing from outside reaches the statement. One table a
  // statement, as autovacuum goes: VACUUM runs outside a transaction, and each table's lock is held briefly.
  for (const { name } of due) await db.execute(sql.raw(`vacuum (analyze) ${name}`))
  return due.map((table) => table.name)
}
