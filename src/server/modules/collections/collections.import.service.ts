import type { Database } from '#server/db/client.ts'
import { importAction, importedRowsMissingFrom } from '#server/db/imported-rows.ts'
import type { Grade, ItemType } from '#shared/contract/values.ts'
import { todayUtc } from '#shared/dates.ts'
import { type ImportedMoney, importedPounds } from '../fx/fx.service.ts'
import {
  allConditions,
  type ConditionRow,
  findImportedEntries,
  type ImportedEntry,
  upsertImportedEntries,
} from './collections.import.repo.ts'

export type { ImportedEntry }

/**
 * Imported holdings into a user's collection (issue 12, ADR 013): each entry keeps where it came from
 * (`source`, the format) and its identity there (`sourceRef`), so importing the same file again updates or
 * leaves it, and `replace` removes only what an earlier import from the same source made.
 */

/** Copies of one item in one condition, as an import file describes them, the item already matched. */
export interface ImportedHolding {
  sourceRef: string
  item: { id: number; type: ItemType }
  grade: Grade
  /** Our condition label when the file's word is precise enough; else the grade's first condition. */
  label: string | null
  /** The file's own word for the condition, kept beside ours. */
  sourceWord: string | null
  quantity: number
  /** Per item, in the currency the file gives (null: not known yet, a preview that must ask). */
  price: ImportedMoney | null
  purchaseDate: string | null
  notes: string | null
}

export type PlannedHolding =
  | { action: 'new' | 'update' | 'unchanged'; entry: ImportedEntry; conditionLabel: string }
  | { rejected: string }

/** The conditions of each category, to turn a label or a grade into one of ours. */
export class ConditionPicker {
  private readonly byLabel = new Map<string, ConditionRow>()
  private readonly firstOfGrade = new Map<string, ConditionRow>()

  constructor(conditions: readonly ConditionRow[]) {
    // Highest score first: a grade's first condition is its best (sets: New/Sealed, Used/Complete).
    for (const condition of [...conditions].sort((a, b) => b.score - a.score)) {
      this.byLabel.set(`${condition.category}|${condition.label.toLowerCase()}`, condition)
      const grade = `${condition.category}|${condition.grade}`
      if (!this.firstOfGrade.has(grade)) this.firstOfGrade.set(grade, condition)
    }
  }

  /** The label's condition when the item's category has it with that grade, else the grade's first. */
  pick(category: ItemType, grade: Grade, label: string | null): ConditionRow | undefined {
    const named = label ? this.byLabel.get(`${category}|${label.toLowerCase()}`) : undefined
    return named?.grade === grade ? named : this.firstOfGrade.get(`${category}|${grade}`)
  }
}

export async function conditionPicker({ db }: { db: Database }): Promise<ConditionPicker> {
  return new ConditionPicker(await allConditions(db))
}

/**
 * What importing these holdings would do, each against what an earlier import from `source` stored under
 * its reference: new, update (something differs) or unchanged. The price is converted to pounds at the
 * purchase day's rate (else today's), keeping the amount and currency as the file gives them.
 */
export async function planImportedHoldings({
  db,
  userId,
  source,
  holdings,
  conditions,
  rates,
}: {
  db: Database
  userId: string
  source: string
  holdings: readonly ImportedHolding[]
  conditions: ConditionPicker
  /** Rates already looked up during this import. */
  rates: Map<string, Promise<string>>
}): Promise<PlannedHolding[]> {
  const stored = await findImportedEntries(
    db,
    userId,
    source,
    holdings.map((holding) => holding.sourceRef),
  )
  const today = todayUtc()
  return Promise.all(
    holdings.map(async (holding): Promise<PlannedHolding> => {
      const condition = conditions.pick(holding.item.type, holding.grade, holding.label)
      if (!condition) return { rejected: `There is no ${holding.grade} condition for this item.` }
      const pricePaid = await importedPounds({
        db,
        money: holding.price,
        day: holding.purchaseDate ?? today,
        remembered: rates,
      })
      if ('refused' in pricePaid) return { rejected: pricePaid.refused }
      const entry: ImportedEntry = {
        sourceRef: holding.sourceRef,
        itemId: holding.item.id,
        conditionId: condition.id,
        quantity: holding.quantity,
        pricePaid: pricePaid.pounds,
        originalPrice: holding.price ? holding.price.amount : null,
        currency: holding.price?.currency ?? null,
        purchaseDate: holding.purchaseDate,
        notes: holding.notes,
        sourceCondition: holding.sourceWord,
      }
      const action = importAction(stored.get(holding.sourceRef), entry, sameEntry)
      return { action, entry, conditionLabel: condition.label }
    }),
  )
}

/** Equal as stored: amounts compared as numbers ('12.50' and '12.5'), the pounds left out (rates move). */
function sameEntry(a: ImportedEntry, b: ImportedEntry): boolean {
  const amount = (value: string | null) => (value === null ? null : Number(value))
  return (
    a.itemId === b.itemId &&
    a.conditionId === b.conditionId &&
    a.quantity === b.quantity &&
    amount(a.originalPrice) === amount(b.originalPrice) &&
    (a.currency ?? null) === (b.currency ?? null) &&
    a.purchaseDate === b.purchaseDate &&
    a.notes === b.notes &&
    a.sourceCondition === b.sourceCondition
  )
}

/** Writes planned entries (in the caller's transaction): inserted, updated, and the rest unchanged. */
export async function writeImportedHoldings({
  db,
  userId,
  source,
  importId,
  entries,
}: {
  db: Database
  userId: string
  source: string
  importId: string | null
  entries: readonly ImportedEntry[]
}) {
  const { inserted, updated } = await upsertImportedEntries(db, { userId, source, importId }, entries)
  return { inserted, updated, unchanged: entries.length - inserted - updated }
}

/** With `replace`: entries an earlier import from `source` made that are not in `kept` (removed if `remove`). */
export function importedHoldingsMissing({
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
  return importedRowsMissingFrom(db, 'collections', { userId, source, kept, remove })
}
