import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import type { ItemType } from '#shared/contract/values.ts'

const param = sql.param

/** A number to look up: its normalised code, its normalised alias form, and the type the file gives. */
export interface MatchKey {
  code: string
  alias: string
  type: ItemType | null
}

/** How an item was found: its own number, one of its aliases, or a variant (`-1`) or letter (`a`) added. */
export type MatchWay = 'number' | 'alias' | 'variant'

export interface FoundItem {
  /** Index of the key in the batch. */
  position: number
  way: MatchWay
  id: number
  type: ItemType
  number: string
  name: string
  year: number | null
  imageUrl: string | null
}

/**
 * Every item each key could name, in one statement for the whole batch: by number, by alias, and by the
 * number with a variant (`75192` → `75192-1`, `383-2`) or, for a number ending in a digit, one letter
 * (`sw0001` → `sw0001a`). Each number is looked up on its own (LATERAL with a LIMIT, which the planner cannot
 * flatten: a nested loop of index lookups, never a hash join of the batch against the whole catalogue), and the variant and letter lookups are ranges of the
 * `text_pattern_ops` index on `normalized_code` (`~>=~` / `~<~`), which a parameter can use where LIKE cannot.
 */
export async function findItemsForKeys(db: Database, keys: readonly MatchKey[]): Promise<FoundItem[]> {
  if (keys.length === 0) return []
  return queryRows<FoundItem>(
    db,
    sql`with input as (
        select * from unnest(${param(keys.map((k) => k.code))}::text[], ${param(keys.map((k) => k.alias))}::text[],
          ${param(keys.map((k) => k.type))}::text[]) with ordinality as u(code, alias, type, position)
      ), found as (
        select u.position, 'number' as way, i.id from input u
          cross join lateral (select i.id from items i
            where i.normalized_code = u.code and (u.type is null or i.type = u.type) limit 50) i
        union
        select u.position, 'alias', a.item_id from input u
          join item_aliases a on a.normalized_alias = u.alias
          join items i on i.id = a.item_id and (u.type is null or i.type = u.type)
        union
        select u.position, 'variant', v.id from input u
          cross join lateral (select i.id from items i
            where i.normalized_code ~>=~ (u.code || '-') and i.normalized_code ~<~ (u.code || '.')
              and i.normalized_code ~ ('^' || u.code || '-[0-9]+$') and (u.type is null or i.type = u.type) limit 50) v
          where strpos(u.code, '-') = 0
        union
        select u.position, 'variant', v.id from input u
          cross join lateral (select i.id from items i
            where i.normalized_code ~>=~ (u.code || 'a') and i.normalized_code ~<~ (u.code || '{')
              and length(i.normalized_code) = length(u.code) + 1 and (u.type is null or i.type = u.type) limit 50) v
          where u.code ~ '[0-9]$'
      )
      select (f.position - 1)::int as position, f.way, i.id, i.type, i.number, i.name, i.year, i.image_url as "imageUrl"
      from found f join items i on i.id = f.id
      order by f.position, i.type, i.number`,
  )
}
