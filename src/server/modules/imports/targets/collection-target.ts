import {
  type ConditionPicker,
  conditionPicker,
  type ImportedEntry,
  importedHoldingsMissing,
  planImportedHoldings,
  writeImportedHoldings,
} from '#server/modules/collections/collections.import.service.ts'
import type { HoldingRow, ParsedRow } from '../import-rows.ts'
import {
  type ImportRun,
  matchedItem,
  type PlanOutcome,
  type ReadyRow,
  sampleOf,
  type Target,
} from './target.ts'

const isHolding = (row: ParsedRow): row is HoldingRow => row.kind === 'holding'

/**
 * Holdings into the user's collection: each row one entry, upserted by (user, format, source reference).
 * A row without a condition takes the `conditionWhenUnknown` grade (a preview that still has to ask plans it
 * as new, shows no condition, and says so in `needs`).
 */
export function collectionTarget(): Target<ImportedEntry> {
  let conditions: Promise<ConditionPicker> | undefined
  return {
    takes: isHolding,
    matchesItems: true,
    sourceRefOf: (row) => (isHolding(row) ? row.sourceRef : null),

    async plan(run: ImportRun, rows: ReadyRow[]) {
      const userId = ownerOf(run)
      conditions ??= conditionPicker({ db: run.db })
      const ready = rows as Array<ReadyRow<HoldingRow>>
      const holdings = ready.map((entry) => {
        const { row, day, money } = entry
        const { id, type } = matchedItem(entry)
        return {
          sourceRef: row.sourceRef,
          item: { id, type },
          grade: row.condition?.grade ?? run.choices.conditionWhenUnknown ?? 'new',
          label: row.condition?.label ?? null,
          sourceWord: row.condition?.sourceWord ?? null,
          quantity: row.quantity,
          price: money,
          purchaseDate: day,
          notes: row.notes,
        }
      })
      const planned = await planImportedHoldings({
        db: run.db,
        userId,
        source: run.format,
        holdings,
        conditions: await conditions,
        rates: run.rates,
      })
      return planned.map((plan, index): PlanOutcome<ImportedEntry> => {
        const entry = ready[index] as ReadyRow<HoldingRow>
        const { row } = entry
        if ('rejected' in plan) {
          return { line: row.line, issue: { ...refOf(row), status: 'rejected', message: plan.rejected } }
        }
        const known = row.condition !== null || run.choices.conditionWhenUnknown !== undefined
        return {
          line: row.line,
          action: plan.action,
          write: plan.entry,
          sample: sampleOf(entry, plan.action, row.quantity, known ? plan.conditionLabel : null),
        }
      })
    },

    write: (run, planned) =>
      writeImportedHoldings({
        db: run.db,
        userId: ownerOf(run),
        source: run.format,
        importId: run.importId,
        entries: planned.map((row) => row.write),
      }),

    missing: (run, kept, remove) =>
      importedHoldingsMissing({ db: run.db, userId: ownerOf(run), source: run.format, kept, remove }),
  }
}

export const refOf = (row: { number: string; name: string | null }) => ({
  number: row.number,
  name: row.name,
})

/** Collections and wanted lists are a user's own: the command line (no user) never reaches them. */
export function ownerOf(run: ImportRun): string {
  if (!run.userId) throw new Error('An import into a collection or wanted list needs a user')
  return run.userId
}
