import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import type { Grade } from '#shared/contract/values.ts'

const param = sql.param

/** An imported wanted item as it is (or would be) stored; `maxPrice` is in pounds. */
export interface ImportedWant {
  sourceRef: string
  itemId: number
  grade: Grade | null
  quantity: number
  quantityFilled: number
  maxPrice: string | null
  maxPriceOriginal: string | null
  currency: string | null
  notes: string | null
}

/** This user's wanted items an earlier import from `source` made, by their source reference. */
export async function findImportedWants(
  db: Database,
  userId: string,
  source: string,
  sourceRefs: readonly string[],
): Promise<Map<string, ImportedWant>> {
  if (sourceRefs.length === 0) return new Map()
  const rows = await queryRows<ImportedWant>(
    db,
    sql`select source_ref as "sourceRef", item_id as "itemId", grade, quantity, quantity_filled as "quantityFilled",
        max_price::text as "maxPrice", max_price_original::text as "maxPriceOriginal", currency, notes
      from wanted_items
      where user_id = ${userId} and source = ${source} and source_ref = any(${param(sourceRefs)}::text[])`,
  )
  return new Map(rows.map((row) => [row.sourceRef, row]))
}

/**
 * Inserts new wanted items and updates changed ones by (user, source, source reference), the unique index
 * `wanted_items_source_ref_key`; the pounds are kept while the amount and currency are the same.
 */
export async function upsertImportedWants(
  db: Database,
  { userId, source, importId }: { userId: string; source: string; importId: string | null },
  wants: readonly ImportedWant[],
): Promise<{ inserted: number; updated: number }> {
  if (wants.length === 0) return { inserted: 0, updated: 0 }
  const column = <T>(pick: (want: ImportedWant) => T) => param(wants.map(pick))
  const rows = await queryRows<{ inserted: boolean }>(
    db,
    sql`insert into wanted_items (user_id, source, import_id, source_ref, item_id, grade, quantity, quantity_filled,
        max_price, max_price_original, currency, notes)
      select ${userId}::uuid, ${source}::text, ${importId}::uuid, u.*
      from unnest(${column((w) => w.sourceRef)}::text[], ${column((w) => w.itemId)}::int[],
        ${column((w) => w.grade)}::text[], ${column((w) => w.quantity)}::int[],
        ${column((w) => w.quantityFilled)}::int[], ${column((w) => w.maxPrice)}::numeric[],
        ${column((w) => w.maxPriceOriginal)}::numeric[], ${column((w) => w.currency)}::text[],
        ${column((w) => w.notes)}::text[])
        as u(source_ref, item_id, grade, quantity, quantity_filled, max_price, max_price_original, currency, notes)
      on conflict (user_id, source, source_ref) where source_ref is not null do update set
        item_id = excluded.item_id, grade = excluded.grade, quantity = excluded.quantity,
        quantity_filled = excluded.quantity_filled,
        max_price = case
          when (wanted_items.max_price_original, wanted_items.currency)
            is not distinct from (excluded.max_price_original, excluded.currency)
          then wanted_items.max_price else excluded.max_price end,
        max_price_original = excluded.max_price_original, currency = excluded.currency, notes = excluded.notes,
        import_id = excluded.import_id, updated_at = now()
      where (wanted_items.item_id, wanted_items.grade, wanted_items.quantity, wanted_items.quantity_filled,
          wanted_items.max_price_original, wanted_items.currency, wanted_items.notes)
        is distinct from (excluded.item_id, excluded.grade, excluded.quantity, excluded.quantity_filled,
          excluded.max_price_original, excluded.currency, excluded.notes)
      returning (xmax = 0) as inserted`,
  )
  const inserted = rows.filter((row) => row.inserted).length
  return { inserted, updated: rows.length - inserted }
}
