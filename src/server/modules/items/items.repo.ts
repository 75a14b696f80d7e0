import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'

/** Each theme name minifigures have, once, alphabetically as a collector reads them (case aside). */
export async function minifigThemeNames(db: Database): Promise<string[]> {
  const rows = await queryRows<{ theme: string }>(
    db,
    sql`select distinct btrim(theme) as theme from items where type = 'minifig' and btrim(theme) <> ''`,
  )
  return rows.map((row) => row.theme).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
}
