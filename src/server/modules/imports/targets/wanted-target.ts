import {
  type ImportedWant,
  importedWantsMissing,
  planImportedWants,
  writeImportedWants,
} from '#server/modules/wanted/wanted.import.service.ts'
import type { ParsedRow, WantedRow } from '../import-rows.ts'
import { ownerOf, refOf } from './collection-target.ts'
import {
  type ImportRun,
  matchedItem,
  type PlanOutcome,
  type ReadyRow,
  sampleOf,
  type Target,
} from './target.ts'

const isWanted = (row: ParsedRow): row is WantedRow => row.kind === 'wanted'

/** Wanted rows into the user's wanted list, upserted by (user, format, source reference). */
export function wantedTarget(): Target<ImportedWant> {
  return {
    takes: isWanted,
    matchesItems: true,
    sourceRefOf: (row) => (isWanted(row) ? row.sourceRef : null),

    async plan(run: ImportRun, rows: ReadyRow[]) {
      const ready = rows as Array<ReadyRow<WantedRow>>
      const planned = await planImportedWants({
        db: run.db,
        userId: ownerOf(run),
        source: run.format,
        wants: ready.map((entry) => ({
          sourceRef: entry.row.sourceRef,
          itemId: matchedItem(entry).id,
          grade: entry.row.grade,
          quantity: entry.row.quantity,
          quantityFilled: entry.row.quantityFilled,
          maxPrice: entry.money,
          notes: entry.row.notes,
        })),
        rates: run.rates,
      })
      return planned.map((plan, index): PlanOutcome<ImportedWant> => {
        const entry = ready[index] as ReadyRow<WantedRow>
        const { row } = entry
        if ('rejected' in plan) {
          return { line: row.line, issue: { ...refOf(row), status: 'rejected', message: plan.rejected } }
        }
        return {
          line: row.line,
          action: plan.action,
          write: plan.want,
          sample: sampleOf(entry, plan.action, row.quantity, row.grade),
        }
      })
    },

    write: (run, planned) =>
      writeImportedWants({
        db: run.db,
        userId: ownerOf(run),
        source: run.format,
        importId: run.importId,
        wants: planned.map((row) => row.write),
      }),

    missing: (run, kept, remove) =>
      importedWantsMissing({ db: run.db, userId: ownerOf(run), source: run.format, kept, remove }),
  }
}
