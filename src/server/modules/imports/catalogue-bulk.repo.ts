import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { normalizeCode, normalizeName } from '#shared/text.ts'
import type { ThemeTreeRow } from './theme-tree.ts'
import { emptyCounts, type WriteCounts } from './write-counts.ts'

const param = sql.param

/**
 * Inserts or updates themes with their tree paths, in the order given (parents first: theme-tree.ts).
 * Era, complexity and colour are only written when given, so an import never erases what the demo
 * catalogue or an admin set.
 */
export async function upsertThemes(db: Database, ordered: ThemeTreeRow[]): Promise<WriteCounts> {
  if (ordered.length === 0) return emptyCounts()
  const rows = await queryRows<{ inserted: boolean }>(
    db,
    sql`insert into themes (id, name, parent_id, path, root_name, era, complexity, color_scheme)
      select u.id, u.name, u.parent_id, string_to_array(u.path, ',')::int[], u.root_name, u.era, u.complexity, u.color_scheme
      from unnest(${param(ordered.map((t) => t.id))}::int[], ${param(ordered.map((t) => t.name))}::text[],
        ${param(ordered.map((t) => t.parentId))}::int[], ${param(ordered.map((t) => t.path.join(',')))}::text[],
        ${param(ordered.map((t) => t.rootName))}::text[],
        ${param(ordered.map((t) => t.era ?? null))}::text[], ${param(ordered.map((t) => t.complexity ?? null))}::text[],
        ${param(ordered.map((t) => t.colorScheme ?? null))}::text[])
        with ordinality as u(id, name, parent_id, path, root_name, era, complexity, color_scheme, position)
      order by u.position
      on conflict (id) do update set
        name = excluded.name, parent_id = excluded.parent_id, path = excluded.path, root_name = excluded.root_name,
        era = coalesce(excluded.era, themes.era), complexity = coalesce(excluded.complexity, themes.complexity),
        color_scheme = coalesce(excluded.color_scheme, themes.color_scheme)
      where (themes.name, themes.parent_id, themes.path, themes.root_name) is distinct from
            (excluded.name, excluded.parent_id, excluded.path, excluded.root_name)
         or (excluded.era is not null and excluded.era is distinct from themes.era)
         or (excluded.complexity is not null and excluded.complexity is distinct from themes.complexity)
         or (excluded.color_scheme is not null and excluded.color_scheme is distinct from themes.color_scheme)
      returning (xmax = 0) as inserted`,
  )
  return countsFromReturning(rows, ordered.length)
}

function countsFromReturning(rows: { inserted: boolean }[], total: number): WriteCounts {
  const inserted = rows.filter((row) => row.inserted).length
  const updated = rows.length - inserted
  return { inserted, updated, unchanged: total - rows.length }
}

export interface ItemRow {
  type: 'set' | 'minifig'
  number: string
  name: string
  theme: string
  themeId: number | null
  year: number | null
  pieces: number | null
  imageUrl: string | null
  /** Only written when given (demo data); an import leaves an existing value alone. */
  minifigures?: number | null
  originalMsrpGbp?: string | null
  /** The retail price as the file gave it (the catalogue CSV and JSON), beside its pounds; only when given. */
  msrpOriginalAmount?: string | null
  msrpCurrency?: string | null
  /** Kept in `metadata.retired`; only when given. */
  retired?: boolean | null
}

/**
 * Inserts new items and updates changed ones, matched by (type, number); `slugs[i]` is item i's slug
 * (a new item's; an existing item's slug is never changed, so shared links keep working).
 */
export async function upsertItems(db: Database, items: ItemRow[], slugs: string[]): Promise<WriteCounts> {
  if (items.length === 0) return emptyCounts()
  const column = <T>(pick: (item: ItemRow) => T) => param(items.map(pick))
  const rows = await queryRows<{ inserted: boolean }>(
    db,
    sql`insert into items (type, number, normalized_code, name, normalized_name, slug, theme, theme_id, year, pieces,
        image_url, minifigures, original_msrp, msrp_original_amount, msrp_currency, metadata)
      select u.type, u.number, u.normalized_code, u.name, u.normalized_name, u.slug, u.theme, u.theme_id, u.year,
        u.pieces, u.image_url, u.minifigures, u.original_msrp, u.msrp_original_amount, u.msrp_currency,
        case when u.retired is null then null else jsonb_build_object('retired', u.retired) end
      from unnest(${column((i) => i.type)}::text[], ${column((i) => i.number)}::text[],
        ${column((i) => normalizeCode(i.number))}::text[], ${column((i) => i.name)}::text[],
        ${column((i) => normalizeName(i.name))}::text[], ${param(slugs)}::text[], ${column((i) => i.theme)}::text[],
        ${column((i) => i.themeId)}::int[], ${column((i) => i.year)}::int[], ${column((i) => i.pieces)}::int[],
        ${column((i) => i.imageUrl)}::text[], ${column((i) => i.minifigures ?? null)}::int[],
        ${column((i) => i.originalMsrpGbp ?? null)}::numeric[], ${column((i) => i.msrpOriginalAmount ?? null)}::numeric[],
        ${column((i) => i.msrpCurrency ?? null)}::text[], ${column((i) => i.retired ?? null)}::boolean[])
        as u(type, number, normalized_code, name, normalized_name, slug, theme, theme_id, year, pieces, image_url,
          minifigures, original_msrp, msrp_original_amount, msrp_currency, retired)
      on conflict (type, number) do update set
        name = excluded.name, normalized_name = excluded.normalized_name, normalized_code = excluded.normalized_code,
        theme = excluded.theme, theme_id = excluded.theme_id, year = excluded.year, pieces = excluded.pieces,
        image_url = excluded.image_url,
        minifigures = coalesce(excluded.minifigures, items.minifigures),
        original_msrp = coalesce(excluded.original_msrp, items.original_msrp),
        msrp_original_amount = coalesce(excluded.msrp_original_amount, items.msrp_original_amount),
        msrp_currency = coalesce(excluded.msrp_currency, items.msrp_currency),
        metadata = case when excluded.metadata is null then items.metadata
          else coalesce(items.metadata, '{}'::jsonb) || excluded.metadata end,
        updated_at = now()
      where (items.name, items.theme, items.theme_id, items.year, items.pieces, items.image_url)
          is distinct from (excluded.name, excluded.theme, excluded.theme_id, excluded.year, excluded.pieces, excluded.image_url)
        or (excluded.minifigures is not null and excluded.minifigures is distinct from items.minifigures)
        or (excluded.original_msrp is not null and excluded.original_msrp is distinct from items.original_msrp)
        or (excluded.msrp_original_amount is not null
          and excluded.msrp_original_amount is distinct from items.msrp_original_amount)
        or (excluded.msrp_currency is not null and excluded.msrp_currency is distinct from items.msrp_currency)
        or (excluded.metadata is not null and not coalesce(items.metadata @> excluded.metadata, false))
      returning (xmax = 0) as inserted`,
  )
  return countsFromReturning(rows, items.length)
}

export interface AliasRow {
  type: 'set' | 'minifig'
  number: string
  alias: string
}

export async function upsertAliases(db: Database, aliases: AliasRow[]): Promise<WriteCounts> {
  if (aliases.length === 0) return emptyCounts()
  const rows = await queryRows<{ inserted: boolean }>(
    db,
    sql`insert into item_aliases (item_id, alias_text, normalized_alias)
      select i.id, u.alias, u.normalized
      from unnest(${param(aliases.map((a) => a.type))}::text[], ${param(aliases.map((a) => a.number))}::text[],
        ${param(aliases.map((a) => a.alias))}::text[], ${param(aliases.map((a) => normalizeName(a.alias)))}::text[])
        as u(type, number, alias, normalized)
      join items i on i.type = u.type and i.number = u.number
      on conflict (item_id, normalized_alias) do nothing
      returning true as inserted`,
  )
  return { inserted: rows.length, updated: 0, unchanged: aliases.length - rows.length }
}

/** Items of a type whose alias equals one of these numbers, e.g. demo 'sw0001' known as 'fig-000123'. */
export async function findItemsByAlias(
  db: Database,
  type: 'set' | 'minifig',
  numbers: string[],
): Promise<Map<string, string>> {
  if (numbers.length === 0) return new Map()
  const rows = await queryRows<{ alias: string; number: string }>(
    db,
    sql`select u.alias, i.number from unnest(${param(numbers)}::text[], ${param(numbers.map(normalizeName))}::text[])
        as u(alias, normalized)
      join item_aliases a on a.normalized_alias = u.normalized
      join items i on i.id = a.item_id and i.type = ${type}`,
  )
  return new Map(rows.map((row) => [row.alias, row.number]))
}

export interface SetMinifigRow {
  setNumber: string
  minifigNumber: string
  quantity: number
}

/** Links a set to its minifigures; a link whose set or minifigure is unknown is counted as missing. */
export async function upsertSetMinifigs(
  db: Database,
  links: SetMinifigRow[],
): Promise<WriteCounts & { missing: number }> {
  if (links.length === 0) return { ...emptyCounts(), missing: 0 }
  const [counts] = await queryRows<{ resolved: number; inserted: number; written: number }>(
    db,
    sql`with input as (
        select s.id as set_id, m.id as minifig_id, u.quantity
        from unnest(${param(links.map((l) => l.setNumber))}::text[], ${param(links.map((l) => l.minifigNumber))}::text[],
          ${param(links.map((l) => l.quantity))}::int[]) as u(set_number, minifig_number, quantity)
        join items s on s.type = 'set' and s.number = u.set_number
        join items m on m.type = 'minifig' and m.number = u.minifig_number
      ), written as (
        insert into set_minifigures (set_id, minifig_id, quantity)
        select set_id, minifig_id, quantity from input
        on conflict (set_id, minifig_id) do update set quantity = excluded.quantity
        where set_minifigures.quantity is distinct from excluded.quantity
        returning (xmax = 0) as inserted
      )
      select (select count(*)::int from input) as resolved,
        count(*) filter (where inserted)::int as inserted, count(*)::int as written
      from written`,
  )
  const { resolved = 0, inserted = 0, written = 0 } = counts ?? {}
  return {
    inserted,
    updated: written - inserted,
    unchanged: resolved - written,
    missing: links.length - resolved,
  }
}

/** Derived data and planner statistics after a bulk load (trigram indexes need fresh statistics). */
export async function refreshAfterBulkLoad(db: Database): Promise<void> {
  await db.execute(sql`update items s set minifigures = linked.total
    from (select set_id, sum(quantity)::int as total from set_minifigures group by set_id) linked
    where s.id = linked.set_id and s.minifigures is null`)
  // VACUUM also merges the trigram indexes' pending lists; without it a search scans the table.
  await db.execute(sql`vacuum analyze themes, items, item_aliases, set_minifigures`)
}

export interface RetailPriceRow {
  itemId: number
  region: 'US' | 'UK' | 'CA' | 'DE'
  amount: string
  currency: string
  firstAvailable: string | null
  lastAvailable: string | null
  source: string
}

/** The sets' ids by item number (`75192-1`), for the numbers that are in the catalogue. */
export async function findSetIds(db: Database, numbers: string[]): Promise<Map<string, number>> {
  if (numbers.length === 0) return new Map()
  const rows = await queryRows<{ id: number; number: string }>(
    db,
    sql`select id, number from items where type = 'set' and number = any(${param(numbers)}::text[])`,
  )
  return new Map(rows.map((row) => [row.number, row.id]))
}

/** Inserts or updates regional retail prices by (item, region); an unchanged price is not rewritten. */
export async function upsertRetailPrices(db: Database, prices: RetailPriceRow[]): Promise<WriteCounts> {
  if (prices.length === 0) return emptyCounts()
  const column = <T>(pick: (price: RetailPriceRow) => T) => param(prices.map(pick))
  const rows = await queryRows<{ inserted: boolean }>(
    db,
    sql`insert into retail_prices (item_id, region, amount, currency, first_available, last_available, source)
      select * from unnest(${column((p) => p.itemId)}::int[], ${column((p) => p.region)}::text[],
        ${column((p) => p.amount)}::numeric[], ${column((p) => p.currency)}::text[],
        ${column((p) => p.firstAvailable)}::date[], ${column((p) => p.lastAvailable)}::date[],
        ${column((p) => p.source)}::text[])
      on conflict (item_id, region) do update set
        amount = excluded.amount, currency = excluded.currency, first_available = excluded.first_available,
        last_available = excluded.last_available, source = excluded.source, updated_at = now()
      where (retail_prices.amount, retail_prices.currency, retail_prices.first_available, retail_prices.last_available)
        is distinct from (excluded.amount, excluded.currency, excluded.first_available, excluded.last_available)
      returning (xmax = 0) as inserted`,
  )
  return countsFromReturning(rows, prices.length)
}

/** An item as stored, for comparing a catalogue file's row with it. */
export interface StoredItem {
  type: 'set' | 'minifig'
  number: string
  name: string
  theme: string
  themeId: number | null
  year: number | null
  pieces: number | null
  minifigures: number | null
  imageUrl: string | null
  originalMsrpGbp: string | null
  msrpOriginalAmount: string | null
  msrpCurrency: string | null
  retired: boolean | null
}

/** The stored items among these (type, number) pairs, keyed `type|number`. */
export async function findItemsByNumber(
  db: Database,
  keys: ReadonlyArray<{ type: 'set' | 'minifig'; number: string }>,
): Promise<Map<string, StoredItem>> {
  if (keys.length === 0) return new Map()
  const rows = await queryRows<StoredItem>(
    db,
    sql`select i.type, i.number, i.name, i.theme, i.theme_id as "themeId", i.year, i.pieces, i.minifigures,
        i.image_url as "imageUrl", i.original_msrp::text as "originalMsrpGbp",
        i.msrp_original_amount::text as "msrpOriginalAmount", i.msrp_currency as "msrpCurrency",
        (i.metadata->>'retired')::boolean as retired
      from unnest(${param(keys.map((k) => k.type))}::text[], ${param(keys.map((k) => k.number))}::text[])
        as u(type, number)
      join items i on i.type = u.type and i.number = u.number`,
  )
  return new Map(rows.map((row) => [`${row.type}|${row.number}`, row]))
}

/** Themes whose name is one of these (compared without case). */
export function findThemesByName(
  db: Database,
  names: readonly string[],
): Promise<Array<{ id: number; name: string; parentId: number | null }>> {
  if (names.length === 0) return Promise.resolve([])
  return queryRows(
    db,
    sql`select id, name, parent_id as "parentId" from themes
      where lower(name) = any(${param(names.map((name) => name.toLowerCase()))}::text[])`,
  )
}

/** The stored regional retail prices of these items. */
export async function findRetailPrices(
  db: Database,
  itemIds: readonly number[],
): Promise<Map<number, Array<Omit<RetailPriceRow, 'itemId' | 'source'>>>> {
  if (itemIds.length === 0) return new Map()
  const rows = await queryRows<RetailPriceRow>(
    db,
    sql`select item_id as "itemId", region, amount::text as amount, currency,
        first_available::text as "firstAvailable", last_available::text as "lastAvailable", source
      from retail_prices where item_id = any(${param(itemIds)}::int[])`,
  )
  const byItem = new Map<number, Array<Omit<RetailPriceRow, 'itemId' | 'source'>>>()
  for (const { itemId, source: _source, ...price } of rows) {
    byItem.set(itemId, [...(byItem.get(itemId) ?? []), price])
  }
  return byItem
}

/** The catalogue's themes, for downloads that come without themes.csv. */
export function storedThemes(
  db: Database,
): Promise<Array<{ id: number; name: string; parentId: number | null }>> {
  return queryRows(db, sql`select id, name, parent_id as "parentId" from themes`)
}

/** The catalogue's sets with their year and theme, for downloads that come without sets.csv. */
export function storedSets(
  db: Database,
): Promise<Array<{ number: string; year: number | null; themeId: number | null }>> {
  return queryRows(db, sql`select number, year, theme_id as "themeId" from items where type = 'set'`)
}
