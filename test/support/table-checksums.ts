import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'

/**
 * Tables a refused request may still touch: a signed-in request slides its session's expiry, whatever
 * it asks for, and a request to a sign-in or sign-up route is counted by its address's limit before its body
 * is read (ADR 006).
 */
const TOUCHED_BY_ANY_REQUEST = new Set(['sessions', 'auth_attempts'])

/**
 * Row count and checksum of every table of the app (found in the catalogue, so a new table is covered
 * without a change here): equal before and after a request means it wrote nothing.
 */
export async function tableChecksums(db: Database): Promise<Record<string, string>> {
  await recomputeQueueEmpty(db)
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !TOUCHED_BY_ANY_REQUEST.has(name))
  const rows = await queryRows<{ name: string; checksum: string }>(
    db,
    sql.join(
      tables.map(
        (name) =>
          sql`select ${name}::text as name, count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '')
            as checksum from ${sql.identifier(name)} t`,
      ),
      sql` union all `,
    ),
  )
  return Object.fromEntries(rows.map((row) => [row.name, row.checksum]))
}

/**
 * Waits until the app's price recompute worker has taken every queued change (DESIGN §5: prices are recomputed
 * after commit): a recompute of an earlier sale finishing between two checksums is not this request's write.
 */
async function recomputeQueueEmpty(db: Database): Promise<void> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from price_recompute_queue`,
    )
    if (row?.n === 0) return
    if (Date.now() > deadline) throw new Error('The price recompute queue was not drained within 15 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
