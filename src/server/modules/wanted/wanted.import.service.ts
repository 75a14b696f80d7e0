import type { Database } from '#server/db/client.ts'
import { importAction, importedRowsMissingFrom } from '#server/db/imported-rows.ts'
import type { Grade } from '#shared/contract/values.ts'
import { todayUtc } from '#shared/dates.ts'
import { type ImportedMoney, importedPounds } from '../fx/fx.service.ts'
import { findImportedWants, type ImportedWant, upsertImportedWants } from './wanted.import.repo.ts'

export type { ImportedWant }

/**
 * Imported wanted lists (BrickLink's wanted-list XML, Brickset's and BrickEconomy's wanted columns,
 * Rebrickable set lists): idempotent by (user, source, source reference) like imported collection entries.
 */

/** An item the user wants, as an import file says it, the item already matched. */
export interface ImportedWantRow {
  sourceRef: string
  itemId: number
  grade: Grade | null
  quantity: number
  quantityFilled: number
  /** The most the user would pay per item (null currency: not known yet, a preview that must ask). */
  maxPrice: ImportedMoney | null
  notes: string | null
}

export type PlannedWant =
  | { action: 'new' | 'update' | 'unchanged'; want: ImportedWant }
  | { rejected: string }

/** What importing these wanted items would do against what an earlier import stored; limits in pounds today. */
export async function planImportedWants({
  db,
  userId,
  source,
  wants,
  rates,
}: {
  db: Database
  userId: string
  source: string
  wants: readonly ImportedWantRow[]
  rates: Map<string, Promise<string>>
}): Promise<PlannedWant[]> {
  const stored = await findImportedWants(
    db,
    userId,
    source,
    wants.map((want) => want.sourceRef),
  )
  const today = todayUtc()
  return Promise.all(
    wants.map(async (row): Promise<PlannedWant> => {
      const maxPrice = await importedPounds({ db, money: row.maxPrice, day: today, remembered: rates })
      if ('refused' in maxPrice) return { rejected: maxPrice.refused }
      const want: ImportedWant = {
        sourceRef: row.sourceRef,
        itemId: row.itemId,
        grade: row.grade,
        quantity: row.quantity,
        quantityFilled: row.quantityFilled,
        maxPrice: maxPrice.pounds,
        maxPriceOriginal: row.maxPrice ? row.maxPrice.amount : null,
        currency: row.maxPrice?.currency ?? null,
        notes: row.notes,
      }
      return { action: importAction(stored.get(row.sourceRef), want, sameWant), want }
    }),
  )
}

function sameWant(a: ImportedWant, b: ImportedWant): boolean {
  const amount = (value: string | null) => (value === null ? null : Number(value))
  return (
    a.itemId === b.itemId &&
    a.grade === b.grade &&
    a.quantity === b.quantity &&
    a.quantityFilled === b.quantityFilled &&
    amount(a.maxPriceOriginal) === amount(b.maxPriceOriginal) &&
    (a.currency ?? null) === (b.currency ?? null) &&
    a.notes === b.notes
  )
}

/** Writes planned wanted items (in the caller's transaction). */
export async function writeImportedWants({
  db,
  userId,
  source,
  importId,
  wants,
}: {
  db: Database
  userId: string
  source: string
  importId: string | null
  wants: readonly ImportedWant[]
}) {
  const { inserted, updated } = await upsertImportedWants(db, { userId, source, importId }, wants)
  return { inserted, updated, unchanged: wants.length - inserted - updated }
}

/** With `replace`: wanted items an earlier import from `source` made that are not in `kept`. */
export function importedWantsMissing({
  db,
  userId,
  source,
  kept,
  remove,
}: {
  db: Database
  userId: string
  source: string
  kept: readonly string[]
  remove: boolean
}): Promise<number> {
  return importedRowsMissingFrom(db, 'wanted_items', { userId, source, kept, remove })
}
