import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import type { Grade, ItemType } from '#shared/contract/values.ts'

const param = sql.param

export interface ConditionRow {
  id: number
  category: ItemType
  label: string
  grade: Grade
  score: number
}

export function allConditions(db: Database): Promise<ConditionRow[]> {
  return queryRows<ConditionRow>(
    db,
    sql`select id, category, label, grade, score from conditions order by category, score desc, id`,
  )
}

/** An imported entry as it is (or would be) stored; `pricePaid` is in pounds. */
export interface ImportedEntry {
  sourceRef: string
  itemId: number
  conditionId: number
  quantity: number
  pricePaid: string | null
  originalPrice: string | null
  currency: string | null
  purchaseDate: string | null
  notes: string | null
  sourceCondition: string | null
}

/** This user's entries an earlier import from `source` made, by their source reference. */
export async function findImportedEntries(
  db: Database,
  userId: string,
  source: string,
  sourceRefs: readonly string[],
): Promise<Map<string, ImportedEntry>> {
  if (sourceRefs.length === 0) return new Map()
  const rows = await queryRows<ImportedEntry>(
    db,
    sql`select source_ref as "sourceRef", item_id as "itemId", condition_id as "conditionId", quantity,
        price_paid::text as "pricePaid", original_price::text as "originalPrice", currency,
        purchase_date::text as "purchaseDate", notes, source_condition as "sourceCondition"
      from collections
      where user_id = ${userId} and source = ${source} and source_ref = any(${param(sourceRefs)}::text[])`,
  )
  return new Map(rows.map((row) => [row.sourceRef, row]))
}

/**
 * Inserts new entries and updates changed ones by (user, source, source reference), the unique index
 * `collections_source_ref_key`; an entry whose stored fields all equal the file's is not written at all. The
 * price in pounds is kept when the amount, currency and day it came from have not changed, so a rate that
 * moved since the last import does not make every entry "changed".
 */
export async function upsertImportedEntries(
  db: Database,
  { userId, source, importId }: { userId: string; source: string; importId: string | null },
  entries: readonly ImportedEntry[],
): Promise<{ inserted: number; updated: number }> {
  if (entries.length === 0) return { inserted: 0, updated: 0 }
  const column = <T>(pick: (entry: ImportedEntry) => T) => param(entries.map(pick))
  const rows = await queryRows<{ inserted: boolean }>(
    db,
    sql`insert into collections (user_id, source, import_id, source_ref, item_id, condition_id, quantity, price_paid,
        original_price, currency, purchase_date, notes, source_condition)
      select ${userId}::uuid, ${source}::text, ${importId}::uuid, u.*
      from unnest(${column((e) => e.sourceRef)}::text[], ${column((e) => e.itemId)}::int[],
        ${column((e) => e.conditionId)}::int[], ${column((e) => e.quantity)}::int[],
        ${column((e) => e.pricePaid)}::numeric[], ${column((e) => e.originalPrice)}::numeric[],
        ${column((e) => e.currency)}::text[], ${column((e) => e.purchaseDate)}::date[],
        ${column((e) => e.notes)}::text[], ${column((e) => e.sourceCondition)}::text[])
        as u(source_ref, item_id, condition_id, quantity, price_paid, original_price, currency, purchase_date, notes,
          source_condition)
      on conflict (user_id, source, source_ref) where source_ref is not null do update set
        item_id = excluded.item_id, condition_id = excluded.condition_id, quantity = excluded.quantity,
        price_paid = case
          when (collections.original_price, collections.currency, collections.purchase_date)
            is not distinct from (excluded.original_price, excluded.currency, excluded.purchase_date)
          then collections.price_paid else excluded.price_paid end,
        original_price = excluded.original_price, currency = excluded.currency,
        purchase_date = excluded.purchase_date, notes = excluded.notes, source_condition = excluded.source_condition,
        import_id = excluded.import_id, updated_at = now()
      where (collections.item_id, collections.condition_id, collections.quantity, collections.original_price,
          collections.currency, collections.purchase_date, collections.notes, collections.source_condition)
        is distinct from (excluded.item_id, excluded.condition_id, excluded.quantity, excluded.original_price,
          excluded.currency, excluded.purchase_date, excluded.notes, excluded.source_condition)
      returning (xmax = 0) as inserted`,
  )
  const inserted = rows.filter((row) => row.inserted).length
  return { inserted, updated: rows.length - inserted }
}
