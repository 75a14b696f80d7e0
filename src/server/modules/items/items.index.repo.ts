import { type SQL, sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import type { RetailPrice } from '#shared/contract/catalogue.ts'
import type { RetailPrices, StoredItem, StoredTheme } from './items.index.rows.ts'

/**
 * What the in-memory catalogue reads (items.index.live.ts). Each answer is JSON text made by PostgreSQL, so
 * that a whole catalogue parses in one JSON.parse rather than row by row.
 *
 * Changes are found by transaction id rather than by `updated_at`: `updated_at = now()` is when the writing
 * transaction began, so an import that commits after a refresh may have written a time that refresh had already
 * passed. A row's `xmin` (the transaction that wrote it) is at or after the `horizon` of every refresh that did
 * not see it: the oldest transaction still running when that refresh read (its snapshot's xmin).
 */

/** A snapshot's xmin (64 bits, as text): every transaction before it had ended when the snapshot was taken. */
export type Horizon = string

const horizonSql = sql`pg_snapshot_xmin(pg_current_snapshot())::text`

/**
 * `xmin` has 32 bits and wraps: a row was written since the horizon when its `xmin` lies between the horizon and
 * the first transaction id not yet given out (the snapshot's xmax), going round the circle. A row written 2³²
 * transactions ago keeps its raw `xmin` when frozen; it falls in that window only by a rare coincidence, and is
 * then merely read again.
 */
function writtenSince(horizon: Horizon): SQL {
  const low = (BigInt(horizon) % 4294967296n).toString()
  const ahead = (xid: SQL) => sql`((${xid} - ${low}::bigint + 4294967296) % 4294967296)`
  return sql`${ahead(sql`xmin::text::bigint`)} < ${ahead(sql`(select pg_snapshot_xmax(pg_current_snapshot())::text::bigint % 4294967296)`)}`
}

const json = (query: SQL) => sql`coalesce((${query})::text, '[]')`

const itemsSql = (where: SQL) => sql`select json_agg(json_build_array(id, type, number, normalized_name,
  normalized_code, theme, theme_id, year, pieces, name, slug, minifigures, original_msrp::text, image_url, variant_of,
  ${isoTimestamp(sql`created_at`)}, metadata::text, created_by)) from items ${where}`
/** The lists' order, and the order by number alone (as the database's collation sorts numbers). */
const orderSql = sql`select json_build_array(
  (select json_agg(id order by year desc nulls last, number, id) from items),
  (select json_agg(id order by number, id) from items))`
const aliasesSql = sql`select json_agg(json_build_array(item_id, normalized_alias, alias_text) order by id)
  from item_aliases`
const linksSql = sql`select json_agg(json_build_array(set_id, minifig_id, quantity)) from set_minifigures`
const themesSql = sql`select json_agg(json_build_array(id, name, path, root_name, era, complexity, color_scheme))
  from themes`
const pricesSql = sql`select json_agg(json_build_array(item_id, region, amount::text, currency, first_available::text,
  last_available::text) order by item_id, region) from retail_prices`

type Tuple<T> = T extends object ? unknown[] : never
const parse = <T>(text: string) => JSON.parse(text) as T

function itemsFrom(text: string): StoredItem[] {
  // Thousands of items share a theme name: one string each, not one per item.
  const themes = new Map<string, string>()
  const interned = (theme: string) => {
    const known = themes.get(theme)
    if (known !== undefined) return known
    themes.set(theme, theme)
    return theme
  }
  return parse<Tuple<StoredItem>[]>(text).map((row) => {
    const [id, type, number, normalizedName, normalizedCode, theme, themeId, year, pieces] = row
    const [name, slug, minifigures, originalMsrp, imageUrl, variantOf, createdAt, metadata, createdBy] =
      row.slice(9)
    return {
      id,
      type,
      number,
      normalizedName,
      normalizedCode,
      theme: interned(theme as string),
      themeId,
      year,
      pieces,
      name,
      slug,
      minifigures,
      originalMsrp,
      imageUrl,
      variantOf,
      createdAt,
      metadata,
      createdBy,
    } as StoredItem
  })
}

/** An alias as typed and as searched, in the order aliases were added. */
export interface AliasRow {
  itemId: number
  normalizedAlias: string
  alias: string
}

/** A set's minifigure, and how many of it the set has. */
export interface LinkRow {
  setId: number
  minifigId: number
  quantity: number
}

const aliasesFrom = (text: string): AliasRow[] =>
  parse<[number, string, string][]>(text).map(([itemId, normalizedAlias, alias]) => ({
    itemId,
    normalizedAlias,
    alias,
  }))

const linksFrom = (text: string): LinkRow[] =>
  parse<[number, number, number][]>(text).map(([setId, minifigId, quantity]) => ({
    setId,
    minifigId,
    quantity,
  }))

/** The lists' order and the order by number, each every item's id once. */
export interface Orders {
  listOrder: number[]
  numberOrder: number[]
}

const ordersFrom = (text: string): Orders => {
  const [listOrder, numberOrder] = parse<[number[] | null, number[] | null]>(text)
  return { listOrder: listOrder ?? [], numberOrder: numberOrder ?? [] }
}

const themesFrom = (text: string): StoredTheme[] =>
  parse<Tuple<StoredTheme>[]>(text).map(
    ([id, name, path, rootName, era, complexity, colorScheme]) =>
      ({ id, name, path, rootName, era, complexity, colorScheme }) as StoredTheme,
  )

function pricesFrom(text: string): RetailPrices {
  const prices = new Map<number, RetailPrice[]>()
  for (const [itemId, region, amount, currency, firstAvailable, lastAvailable] of parse<Tuple<RetailPrice>[]>(
    text,
  )) {
    const price = { region, amount, currency, firstAvailable, lastAvailable } as RetailPrice
    const list = prices.get(itemId as number)
    if (list) list.push(price)
    else prices.set(itemId as number, [price])
  }
  return prices
}

/** How many rows each table had at a refresh: a count unlike the rows kept shows deletions. */
export interface TableCounts {
  items: number
  aliases: number
  links: number
  themes: number
  prices: number
}

export interface CatalogueLoad extends Orders {
  items: StoredItem[]
  aliases: AliasRow[]
  links: LinkRow[]
  themes: StoredTheme[]
  prices: RetailPrices
  horizon: Horizon
  counts: TableCounts
}

/** The whole catalogue, in one statement (one snapshot). */
export async function loadCatalogue(db: Database): Promise<CatalogueLoad> {
  const [row] = await queryRows<
    Record<'horizon' | 'items' | 'order' | 'aliases' | 'links' | 'themes' | 'prices', string>
  >(
    db,
    sql`select ${horizonSql} as horizon, ${json(itemsSql(sql``))} as items, ${json(orderSql)} as order,
      ${json(aliasesSql)} as aliases, ${json(linksSql)} as links, ${json(themesSql)} as themes,
      ${json(pricesSql)} as prices`,
  )
  if (!row) throw new Error('catalogue: the load returned nothing')
  const items = itemsFrom(row.items)
  const aliases = aliasesFrom(row.aliases)
  const links = linksFrom(row.links)
  const themes = themesFrom(row.themes)
  const prices = pricesFrom(row.prices)
  let priceCount = 0
  for (const list of prices.values()) priceCount += list.length
  return {
    items,
    ...ordersFrom(row.order),
    aliases,
    links,
    themes,
    prices,
    horizon: row.horizon,
    counts: {
      items: items.length,
      aliases: aliases.length,
      links: links.length,
      themes: themes.length,
      prices: priceCount,
    },
  }
}

type Table = Exclude<keyof TableCounts, 'items'>

export interface CatalogueChanges {
  horizon: Horizon
  counts: TableCounts
  /** Items written (added or changed) since the horizon. */
  items: StoredItem[]
  /** The other tables with a row written since the horizon (a count unlike before shows deletions). */
  written: Record<Table, boolean>
}

/** What was written since `horizon`, and how many rows each table has now. */
export async function catalogueChanges(db: Database, horizon: Horizon): Promise<CatalogueChanges> {
  const since = writtenSince(horizon)
  const tables = {
    aliases: 'item_aliases',
    links: 'set_minifigures',
    themes: 'themes',
    prices: 'retail_prices',
  }
  const [row] = await queryRows<
    { horizon: Horizon; items: string; itemCount: number } & Record<string, unknown>
  >(
    db,
    sql`select ${horizonSql} as horizon, ${json(itemsSql(sql`where ${since}`))} as items,
      (select count(*)::int from items) as "itemCount",
      ${sql.join(
        Object.entries(tables).map(
          ([
            name,
            table,
          ]) => sql`(select count(*)::int from ${sql.identifier(table)}) as ${sql.identifier(`${name}Count`)},
            exists (select 1 from ${sql.identifier(table)} where ${since}) as ${sql.identifier(`${name}Written`)}`,
        ),
        sql`, `,
      )}`,
  )
  if (!row) throw new Error('catalogue: the change query returned nothing')
  const count = (name: Table) => row[`${name}Count`] as number
  const written = (name: Table) => row[`${name}Written`] as boolean
  return {
    horizon: row.horizon,
    counts: {
      items: row.itemCount,
      aliases: count('aliases'),
      links: count('links'),
      themes: count('themes'),
      prices: count('prices'),
    },
    items: itemsFrom(row.items),
    written: {
      aliases: written('aliases'),
      links: written('links'),
      themes: written('themes'),
      prices: written('prices'),
    },
  }
}

async function jsonOf(db: Database, query: SQL): Promise<string> {
  const [row] = await queryRows<{ rows: string }>(db, sql`select ${json(query)} as rows`)
  return row?.rows ?? '[]'
}

/** Every item id: after deletions, to tell which. */
export const itemIds = async (db: Database) =>
  parse<number[]>(await jsonOf(db, sql`select json_agg(id) from items`))

/** The list pages' order and the order by number of every item, as the database's collation sorts numbers. */
export const orders = async (db: Database) => ordersFrom(await jsonOf(db, orderSql))

export const aliasRows = async (db: Database) => aliasesFrom(await jsonOf(db, aliasesSql))
export const linkRows = async (db: Database) => linksFrom(await jsonOf(db, linksSql))
export const themeRows = async (db: Database) => themesFrom(await jsonOf(db, themesSql))
export const priceRows = async (db: Database) => pricesFrom(await jsonOf(db, pricesSql))

/** Whether an item has this slug (a page the catalogue in memory does not know yet). */
export async function slugTaken(db: Database, slug: string): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    db,
    sql`select exists (select 1 from items where slug = ${slug}) as taken`,
  )
  return row?.taken ?? false
}
