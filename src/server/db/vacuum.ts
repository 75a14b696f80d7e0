import { sql } from 'drizzle-orm'
import { type Database, queryRows } from './client.ts'

/**
 * Vacuums and analyzes each table that autovacuum's rules would by now: dead rows over its vacuum threshold plus
 * scale factor times its live rows (50 + 20 % by default), rows inserted since its last vacuum over its insert
 * threshold plus scale factor (1,000 + 20 %), or rows changed since its last analyze over its analyze threshold
 * plus scale factor (50 + 10 %). A table's own settings (`ALTER TABLE … SET (autovacuum_…)`, as `sales` has, ADR
 * 048) come first, then the server's. Answers the tables it vacuumed, none when no table is due. For a database
 * that autovacuum does not look after: the embedded one always (`startEmbeddedVacuum`), a PostgreSQL with it
 * turned off in the bench.
 */
export async function vacuumAsAutovacuumWould(db: Database): Promise<string[]> {
  const due = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', s.schemaname, s.relname) as name
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid,
      lateral (select ${setting('autovacuum_vacuum_threshold')} as dead_threshold,
          ${setting('autovacuum_vacuum_scale_factor')} as dead_factor,
          ${setting('autovacuum_vacuum_insert_threshold')} as insert_threshold,
          ${setting('autovacuum_vacuum_insert_scale_factor')} as insert_factor,
          ${setting('autovacuum_analyze_threshold')} as analyze_threshold,
          ${setting('autovacuum_analyze_scale_factor')} as analyze_factor
        from pg_options_to_table(c.reloptions)) o
      where s.n_dead_tup > o.dead_threshold + o.dead_factor * s.n_live_tup
        or s.n_ins_since_vacuum > o.insert_threshold + o.insert_factor * s.n_live_tup
        or s.n_mod_since_analyze > o.analyze_threshold + o.analyze_factor * s.n_live_tup
      order by 1`,
  )
  // Names from the catalogue, quoted by format(): nothing from outside reaches the statement. One table a
  // statement, as autovacuum goes: VACUUM runs outside a transaction, and each table's lock is held briefly.
  for (const { name } of due) await db.execute(sql.raw(`vacuum (analyze) ${name}`))
  return due.map((table) => table.name)
}

/** One of autovacuum's settings for the table `pg_options_to_table` lists: its own if it has one, else the server's. */
const setting = (name: string) =>
  sql`coalesce(max(option_value) filter (where option_name = ${name}), current_setting(${name}))::float8`
