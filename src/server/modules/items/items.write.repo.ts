import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { normalizeCode, normalizeName } from '#shared/text.ts'

/** Who (`type:number`) has each of these slugs, for those that are taken. */
export async function findSlugOwners(db: Database, slugs: string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ slug: string; type: string; number: string }>(
    db,
    sql`select slug, type, number from items where slug = any(${sql.param(slugs)}::text[])`,
  )
  return new Map(rows.map((row) => [row.slug, `${row.type}:${row.number}`]))
}

export interface ItemFields {
  type: 'set' | 'minifig'
  name: string
  number: string
  theme: string
  year: number | null
  pieces: number | null
  minifigures: number | null
  originalMsrpGbp: string | null
  msrpOriginalAmount: string | null
  msrpCurrency: string | null
  imageUrl: string | null
  variantOf: number | null
}

/** The theme with this name (a top-level one first), for the theme badge and filters. */
async function themeIdByName(db: Database, name: string): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from themes where lower(name) = lower(${name}) order by parent_id is not null, id limit 1`,
  )
  return rows[0]?.id ?? null
}

export async function findItemKey(
  db: Database,
  id: number,
): Promise<{ id: number; type: string; slug: string; createdBy: string | null } | undefined> {
  const rows = await queryRows<{ id: number; type: string; slug: string; createdBy: string | null }>(
    db,
    sql`select id, type, slug, created_by as "createdBy" from items where id = ${id}`,
  )
  return rows[0]
}

/** Another item of the same type with this number, if any. */
export async function findNumberOwner(
  db: Database,
  type: string,
  number: string,
  exceptId?: number,
): Promise<{ id: number; slug: string } | undefined> {
  const rows = await queryRows<{ id: number; slug: string }>(
    db,
    sql`select id, slug from items where type = ${type} and number = ${number}
      ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`,
  )
  return rows[0]
}

/** Inserts an item; undefined when an item of that type already has the number. */
export async function insertItem(
  db: Database,
  fields: ItemFields & { slug: string },
  createdBy: string,
): Promise<{ id: number; slug: string } | undefined> {
  const themeId = await themeIdByName(db, fields.theme)
  const rows = await queryRows<{ id: number; slug: string }>(
    db,
    sql`insert into items (type, name, normalized_name, number, normalized_code, slug, theme, theme_id, year, pieces,
        minifigures, original_msrp, msrp_original_amount, msrp_currency, image_url, variant_of, created_by)
      values (${fields.type}, ${fields.name}, ${normalizeName(fields.name)}, ${fields.number},
        ${normalizeCode(fields.number)}, ${fields.slug}, ${fields.theme}, ${themeId}, ${fields.year}, ${fields.pieces},
        ${fields.minifigures}, ${fields.originalMsrpGbp}, ${fields.msrpOriginalAmount}, ${fields.msrpCurrency},
        ${fields.imageUrl}, ${fields.variantOf}, ${createdBy})
      on conflict (type, number) do nothing
      returning id, slug`,
  )
  return rows[0]
}

export async function updateItem(
  db: Database,
  id: number,
  fields: ItemFields,
): Promise<{ id: number; slug: string }> {
  const themeId = await themeIdByName(db, fields.theme)
  const rows = await queryRows<{ id: number; slug: string }>(
    db,
    sql`update items set type = ${fields.type}, name = ${fields.name}, normalized_name = ${normalizeName(fields.name)},
        number = ${fields.number}, normalized_code = ${normalizeCode(fields.number)}, theme = ${fields.theme},
        theme_id = ${themeId}, year = ${fields.year}, pieces = ${fields.pieces}, minifigures = ${fields.minifigures},
        original_msrp = ${fields.originalMsrpGbp}, msrp_original_amount = ${fields.msrpOriginalAmount},
        msrp_currency = ${fields.msrpCurrency}, image_url = ${fields.imageUrl}, variant_of = ${fields.variantOf},
        updated_at = now()
      where id = ${id} returning id, slug`,
  )
  const row = rows[0]
  if (!row) throw new Error(`item ${id} vanished during its update`)
  return row
}

/** The stored fields of an item, for an update that leaves some of them out. */
export async function findItemFields(db: Database, id: number): Promise<ItemFields | undefined> {
  const rows = await queryRows<ItemFields>(
    db,
    sql`select type, name, number, theme, year, pieces, minifigures, original_msrp as "originalMsrpGbp",
        msrp_original_amount as "msrpOriginalAmount", msrp_currency as "msrpCurrency", image_url as "imageUrl",
        variant_of as "variantOf"
      from items where id = ${id}`,
  )
  return rows[0]
}

/** What users keep that points at the item: it cannot be deleted while any of these exist. */
export async function countItemReferences(
  db: Database,
  id: number,
): Promise<{ collections: number; alerts: number; posts: number; sales: number }> {
  const rows = await queryRows<{ collections: number; alerts: number; posts: number; sales: number }>(
    db,
    sql`select (select count(*)::int from collections where item_id = ${id}) as collections,
        (select count(*)::int from alerts where item_id = ${id}) as alerts,
        (select count(*)::int from posts where item_id = ${id}) as posts,
        (select count(*)::int from sales where item_id = ${id}) as sales`,
  )
  return rows[0] ?? { collections: 0, alerts: 0, posts: 0, sales: 0 }
}

export async function deleteItem(db: Database, id: number): Promise<void> {
  await db.execute(sql`delete from items where id = ${id}`)
}
