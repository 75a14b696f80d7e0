import { type SQL, sql } from 'drizzle-orm'
import type { Item, LinkedItem, ListItemsQuery } from '../../../shared/contract/catalogue.ts'
import { type Database, queryRows } from '../../db/client.ts'
import type { SearchTerms } from './items.search.ts'

/** Columns of an item as the API shows it, with its theme's badge data. */
const itemColumns = sql`
  i.id, i.type, i.name, i.number, i.slug, i.theme, i.theme_id as "themeId", i.year, i.pieces, i.minifigures,
  i.original_msrp as "originalMsrp", i.image_url as "imageUrl", i.variant_of as "variantOf",
  to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  case when t.id is null then null else json_build_object(
    'name', t.name, 'category', t.root_name, 'era', coalesce(t.era, r.era),
    'complexity', coalesce(t.complexity, r.complexity), 'colorScheme', coalesce(t.color_scheme, r.color_scheme)
  ) end as "themeData"`

const themeJoins = sql`left join themes t on t.id = i.theme_id left join themes r on r.id = t.path[1]`

type ItemFilters = Pick<ListItemsQuery, 'type' | 'themeId' | 'theme' | 'year'>

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
      sql`select ${itemColumns} from items i ${themeJoins} ${where}
          order by i.year desc nulls last, i.number limit ${query.limit} offset ${query.offset}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from items i ${where}`),
  ])
  return { items, total: counted[0]?.total ?? 0 }
}

/**
 * Ranked search: exact number (or alias) first, then number prefix, then name similarity
 * (pg_trgm word similarity, so 'falcon' finds 'Millennium Falcon' and typos still match).
 */
export async function searchItems(
  db: Database,
  terms: SearchTerms,
  query: ItemFilters & { limit: number; offset: number },
): Promise<{ items: Item[]; total: number }> {
  const { code, name } = terms
  const candidates: SQL[] = []
  if (code) {
    candidates.push(sql`select id, 0 as rank, 1::numeric as score from items
      where normalized_code = ${code} or normalized_code = ${`${code}-1`}`)
    candidates.push(sql`select id, 1 as rank, 1::numeric as score from items
      where normalized_code like ${`${code}%`}`)
  }
  if (name) {
    candidates.push(sql`select item_id as id, 0 as rank, 1::numeric as score from item_aliases
      where normalized_alias = ${name}`)
    if (name.length >= 3) {
      // Similarity in steps of 0.1, so that among equally good matches the bigger set comes first:
      // 'falcon' means the Millennium Falcon before the Falcon minifigure.
      candidates.push(sql`select id, 2 as rank,
          round(greatest(word_similarity(${name}, normalized_name), similarity(${name}, normalized_name))::numeric, 1)
            + case when normalized_name like ${`%${name}%`} then 1 else 0 end as score
        from items
        where ${name} <% normalized_name or normalized_name % ${name} or normalized_name like ${`%${name}%`}`)
      candidates.push(sql`select item_id as id, 2 as rank, round(similarity(${name}, normalized_alias)::numeric, 1) as score
        from item_aliases where normalized_alias % ${name}`)
    } else {
      candidates.push(
        sql`select id, 2 as rank, 1::numeric as score from items where normalized_name like ${`${name}%`}`,
      )
    }
  }
  if (candidates.length === 0) return { items: [], total: 0 }
  const filters = filterConditions(query)
  const rows = await queryRows<Item & { total: number }>(
    db,
    sql`with candidates as (${sql.join(candidates, sql` union all `)}),
        best as (select id, min(rank) as rank, max(score) as score from candidates group by id)
      select ${itemColumns}, count(*) over ()::int as total
      from best b join items i on i.id = b.id ${themeJoins}
      ${whereClause(filters)}
      order by b.rank, b.score desc, coalesce(i.pieces, 0) desc, similarity(${name}, i.normalized_name) desc,
        i.year desc nulls last, i.id
      limit ${query.limit} offset ${query.offset}`,
  )
  const total = rows[0]?.total ?? 0
  return { items: rows.map(({ total: _total, ...item }) => item), total }
}

export async function findItemBySlug(db: Database, slug: string) {
  const rows = await queryRows<Item & { metadata: Record<string, unknown> | null; aliases: string[] }>(
    db,
    sql`select ${itemColumns}, i.metadata,
        coalesce((select array_agg(a.alias_text order by a.id) from item_aliases a where a.item_id = i.id), '{}') as aliases
      from items i ${themeJoins} where i.slug = ${slug}`,
  )
  return rows[0]
}

const linkedColumns = sql`i.id, i.type, i.number, i.name, i.slug, i.year, i.image_url as "imageUrl", l.quantity`

export async function findSetMinifigures(db: Database, setId: number): Promise<LinkedItem[]> {
  return queryRows<LinkedItem>(
    db,
    sql`select ${linkedColumns} from set_minifigures l join items i on i.id = l.minifig_id
      where l.set_id = ${setId} order by i.number`,
  )
}

export async function findSetsContaining(db: Database, minifigId: number): Promise<LinkedItem[]> {
  return queryRows<LinkedItem>(
    db,
    sql`select ${linkedColumns} from set_minifigures l join items i on i.id = l.set_id
      where l.minifig_id = ${minifigId} order by i.year nulls last, i.number`,
  )
}
