import { type SQL, sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { retailPricesJson, themeDataJson, themeJoinsOn } from '#server/db/item-sql.ts'
import type { Item, LinkedItem, ListItemsQuery } from '#shared/contract/catalogue.ts'
import { normalizeCode } from '#shared/text.ts'
import { nameWordPatterns, type SearchTerms } from './items.search.ts'

/** Columns of an item as the API shows it, with its theme's badge data and regional retail prices. */
const itemColumns = sql`
  i.id, i.type, i.name, i.number, i.slug, i.theme, i.theme_id as "themeId", i.year, i.pieces, i.minifigures,
  i.original_msrp as "originalMsrp", ${retailPricesJson(sql`i.id`)} as "retailPrices",
  i.image_url as "imageUrl", i.variant_of as "variantOf",
  to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  ${themeDataJson} as "themeData"`

const themeJoins = themeJoinsOn(sql`i.theme_id`)

type ItemFilters = Pick<ListItemsQuery, 'type' | 'themeId' | 'theme' | 'year' | 'set'>

function filterConditions(filters: ItemFilters): SQL[] {
  const conditions: SQL[] = []
  if (filters.type) conditions.push(sql`i.type = ${filters.type}`)
  if (filters.year !== undefined) conditions.push(sql`i.year = ${filters.year}`)
  if (filters.themeId !== undefined) {
    // A theme includes its sub-themes: 'Star Wars' lists 'Ultimate Collector Series' sets too.
    conditions.push(sql`i.theme_id in (select id from themes where path @> array[${filters.themeId}::int])`)
  }
  if (filters.theme !== undefined) {
    conditions.push(sql`(i.theme = ${filters.theme} or i.theme_id in (
      select sub.id from themes named join themes sub on sub.path @> array[named.id] where named.name = ${filters.theme}))`)
  }
  if (filters.set !== undefined) {
    // '75192' finds set 75192-1 as well as an exact number.
    const code = normalizeCode(filters.set)
    conditions.push(sql`i.id in (select l.minifig_id from set_minifigures l join items s on s.id = l.set_id
      where s.type = 'set' and s.normalized_code in (${code}, ${`${code}-1`}))`)
  }
  return conditions
}

const whereClause = (conditions: SQL[]) =>
  conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`

export async function listItems(
  db: Database,
  query: ItemFilters & { limit: number; offset: number },
): Promise<{ items: Item[]; total: number }> {
  const where = whereClause(filterConditions(query))
  const [items, counted] = await Promise.all([
    queryRows<Item>(
      db,
      // The page's ids first (an index range with a limit); the columns are built for those rows only.
      sql`with page as (
          select i.id, row_number() over (order by i.year desc nulls last, i.number) as position from items i ${where}
          order by i.year desc nulls last, i.number limit ${query.limit} offset ${query.offset})
        select ${itemColumns} from page join items i on i.id = page.id ${themeJoins} order by page.position`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from items i ${where}`),
  ])
  return { items, total: counted[0]?.total ?? 0 }
}

/**
 * Ranked search: exact number (or alias) first, then number prefix, then names. A name matches
 * when it contains every word of the query; only when that finds too few does fuzzy pg_trgm word
 * similarity join in, so 'millenium falcon' (typo) still finds the Millennium Falcon while common
 * words stay fast (the fuzzy scan is the expensive part).
 */
export async function searchItems(
  db: Database,
  terms: SearchTerms,
  query: ItemFilters & { limit: number; offset: number },
): Promise<{ items: Item[]; total: number }> {
  const { code, name } = terms
  if (!code && !name) return { items: [], total: 0 }
  const wanted = query.offset + query.limit
  const candidates: SQL[] = []
  if (code) {
    candidates.push(sql`select id, 0 as rank, 1::numeric as score from items
      where normalized_code = ${code} or normalized_code = ${`${code}-1`}`)
    candidates.push(
      sql`select id, 1 as rank, 1::numeric as score from items where normalized_code like ${`${code}%`}`,
    )
  }
  if (name) {
    candidates.push(sql`select item_id as id, 0 as rank, 1::numeric as score from item_aliases
      where normalized_alias = ${name}`)
  }
  let textual = sql`select null::int as id, 2 as rank, 0::numeric as score where false`
  if (name.length >= 3) {
    // A cheap score: the words as one phrase rank higher; size and name length break ties below,
    // so 'falcon' means the Millennium Falcon before the Falcon minifigure.
    textual = sql`select id, 2 as rank,
        2 + case when normalized_name like ${`%${name}%`} then 0.5 else 0 end as score
      from items where ${containsWords(name)}`
    candidates.push(sql`select * from textual`)
    // Fuzzy matches score below every textual one, in steps of 0.1 so that size breaks near-ties.
    candidates.push(sql`select id, 2 as rank, round(word_similarity(${name}, normalized_name)::numeric, 1) as score
      from items where ${name} <% normalized_name and (select count(*) from textual) < ${wanted}`)
    candidates.push(sql`select item_id as id, 2 as rank, round(similarity(${name}, normalized_alias)::numeric, 1) as score
      from item_aliases where normalized_alias % ${name}`)
  } else if (name) {
    candidates.push(
      sql`select id, 2 as rank, 1::numeric as score from items where normalized_name like ${`${name}%`}`,
    )
  }
  // Rank and cut the page on ids first; the item columns are built for that page only.
  const rows = await queryRows<Item & { total: number }>(
    db,
    sql`with textual as materialized (${textual}),
        candidates as (${sql.join(candidates, sql` union all `)}),
        best as (select id, min(rank) as rank, max(score) as score from candidates group by id),
        page as (
          select b.id, count(*) over () as total,
            row_number() over (order by b.rank, b.score desc, coalesce(i.pieces, 0) desc, length(i.normalized_name),
              i.year desc nulls last, i.id) as position
          from best b join items i on i.id = b.id
          ${whereClause(filterConditions(query))}
          order by position limit ${query.limit} offset ${query.offset})
      select ${itemColumns}, page.total::int as total
      from page join items i on i.id = page.id ${themeJoins}
      order by page.position`,
  )
  const total = rows[0]?.total ?? (query.offset > 0 ? await countSearchMatches() : 0)
  return { items: rows.map(({ total: _total, ...item }) => item), total }

  // A page past the end still reports how many matches there are.
  async function countSearchMatches(): Promise<number> {
    const again = await searchItems(db, terms, { ...query, offset: 0, limit: 1 })
    return again.total
  }
}

/** Every word of the query appears in the name. */
function containsWords(name: string): SQL {
  return sql.join(
    nameWordPatterns(name).map((pattern) => sql`normalized_name like ${pattern}`),
    sql` and `,
  )
}

const linkedItem = (quantity: SQL) =>
  sql`json_build_object('id', o.id, 'type', o.type, 'number', o.number, 'name', o.name, 'slug', o.slug,
    'year', o.year, 'imageUrl', o.image_url, 'quantity', ${quantity})`

/** An item with its aliases, its set links both ways and its variants, in one round trip. */
export async function findItemBySlug(db: Database, slug: string) {
  const rows = await queryRows<
    Item & {
      metadata: Record<string, unknown> | null
      aliases: string[]
      createdBy: string | null
      linkedMinifigures: LinkedItem[]
      linkedSets: LinkedItem[]
      variants: LinkedItem[]
    }
  >(
    db,
    sql`select ${itemColumns}, i.metadata, i.created_by as "createdBy",
        coalesce((select array_agg(a.alias_text order by a.id) from item_aliases a where a.item_id = i.id), '{}') as aliases,
        coalesce((select json_agg(${linkedItem(sql`l.quantity`)} order by o.number)
          from set_minifigures l join items o on o.id = l.minifig_id where l.set_id = i.id), '[]') as "linkedMinifigures",
        coalesce((select json_agg(${linkedItem(sql`l.quantity`)} order by o.year nulls last, o.number)
          from set_minifigures l join items o on o.id = l.set_id where l.minifig_id = i.id), '[]') as "linkedSets",
        coalesce((select json_agg(${linkedItem(sql`1`)} order by o.year nulls last, o.number)
          from items o where o.variant_of = i.id), '[]') as variants
      from items i ${themeJoins} where i.slug = ${slug}`,
  )
  return rows[0]
}

/** Each theme name minifigures have, once, alphabetically as a collector reads them (case aside). */
export async function minifigThemeNames(db: Database): Promise<string[]> {
  const rows = await queryRows<{ theme: string }>(
    db,
    sql`select distinct btrim(theme) as theme from items where type = 'minifig' and btrim(theme) <> ''`,
  )
  return rows.map((row) => row.theme).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
}
