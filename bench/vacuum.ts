import pg from 'pg'

/**
 * Stands in for autovacuum when the PostgreSQL measured runs without it, as CI clusters often do (this machine's
 * turns it off in `conf.d/90-ci.conf`); a deployed database runs it, on by default. Called between rows, it
 * vacuums and analyzes each table autovacuum's own default rules would: dead rows over 50 + 20 % of its live
 * rows, rows inserted since its last vacuum over 1,000 + 20 %, or rows changed since its last analyze over
 * 50 + 10 %. Without it every row after the writes measured a database that never cleans up: 128,000 dead
 * entries beside 208,000 live ones after a few runs (ADR 033). Answers the tables it vacuumed; none when
 * autovacuum is on.
 */
export async function standInForAutovacuum(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows: settings } = await client.query<{ autovacuum: string }>('show autovacuum')
    if (settings[0]?.autovacuum === 'on') return []
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
        where n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
          or n_mod_since_analyze > 50 + 0.1 * n_live_tup
        order by 1`,
    )
    // Names from the catalogue, quoted by format(): nothing from outside reaches the statement.
    for (const { name } of rows) await client.query(`vacuum (analyze) ${name}`)
    return rows.map((row) => row.name)
  } finally {
    await client.end()
  }
}
