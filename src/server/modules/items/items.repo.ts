import { type SQL, sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { retailPricesJson, themeDataJson, themeJoinsOn } from '#server/db/item-sql.ts'
import type { Item, LinkedItem } from '#shared/contract/catalogue.ts'

/** Columns of an item as the API shows it, with its theme's badge data and regional retail prices. */
const itemColumns = sql`
  i.id, i.type, i.name, i.number, i.slug, i.theme, i.theme_id as "themeId", i.year, i.pieces, i.minifigures,
  i.original_msrp as "originalMsrp", ${retailPricesJson(sql`i.id`)} as "retailPrices",
  i.image_url as "imageUrl", i.variant_of as "variantOf",
  to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  ${themeDataJson} as "themeData"`

const themeJoins = themeJoinsOn(sql`i.theme_id`)

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
