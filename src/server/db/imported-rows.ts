import { sql } from 'drizzle-orm'
import { type Database, queryRows } from './client.ts'

/**
 * A user's rows an earlier import from `source` made in `table` (collection entries, wanted items) whose
 * source reference is not among `kept`: what a file no longer has. Rows typed in by hand have no source and
 * are never among them. Deleted when `remove`, else only counted (a preview's "remove").
 */
export async function importedRowsMissingFrom(
  db: Database,
  table: 'collections' | 'wanted_items',
  {
    userId,
    source,
    kept,
    remove,
  }: { userId: string; source: string; kept: readonly string[]; remove: boolean },
): Promise<number> {
  const missing = sql`user_id = ${userId} and source = ${source} and source_ref is not null
    and source_ref <> all(${sql.param(kept)}::text[])`
  const from = sql.identifier(table)
  const [row] = await queryRows<{ n: number }>(
    db,
    remove
      ? sql`with gone as (delete from ${from} where ${missing} returning 1) select count(*)::int as n from gone`
      : sql`select count(*)::int as n from ${from} where ${missing}`,
  )
  return row?.n ?? 0
}

/**
 * What importing `row` again would do to the row an earlier import stored under its reference (`before`): add
 * it, change it, or leave it as it is.
 */
export function importAction<Row>(
  before: Row | undefined,
  row: Row,
  same: (stored: Row, imported: Row) => boolean,
): 'new' | 'update' | 'unchanged' {
  if (!before) return 'new'
  return same(before, row) ? 'unchanged' : 'update'
}
