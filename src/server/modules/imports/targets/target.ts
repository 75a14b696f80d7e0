import type { Database } from '#server/db/client.ts'
import type { ImportedMoney } from '#server/modules/fx/fx.service.ts'
import type { ImportCandidate, ImportChoices, ImportIssue, ImportPreview } from '#shared/contract/imports.ts'
import type { ImportFormat, ImportTarget } from '#shared/contract/values.ts'
import type { ParsedRow } from '../import-rows.ts'
import type { WriteCounts } from '../write-counts.ts'

/**
 * One import as it runs: where it goes, for whom, with which choices. A target (collection, wanted list,
 * catalogue items, retail prices) plans and writes its own rows through the owning module's services.
 */
export interface ImportRun {
  db: Database
  /** The importing user; null for the command line (catalogue only). */
  userId: string | null
  format: ImportFormat
  target: ImportTarget
  choices: ImportChoices
  /** The recorded import the written rows point to; null for a preview or the command line. */
  importId: string | null
  /** Exchange rates looked up during this import, by currency and day. */
  rates: Map<string, Promise<string>>
}

/** A row the common steps have read: its item matched (holdings, wanted), its day and amount settled. */
export interface ReadyRow<Row extends ParsedRow = ParsedRow> {
  row: Row
  /** The catalogue item the number names (or the user chose), for rows that are matched by number. */
  item: ImportCandidate | null
  /** The row's day (a purchase date), resolved with the file's day order; null when none or not known yet. */
  day: string | null
  /** The row's amount with its currency; a null currency must still be chosen (a preview that asks). */
  money: ImportedMoney | null
}

export type SampleRow = ImportPreview['sample'][number]

/** What a row would do; `write` is what the target writes for it. */
export interface PlannedRow<Write> {
  line: number
  action: 'new' | 'update' | 'unchanged'
  write: Write
  sample: SampleRow
}

/** An issue found while planning (a set not in the catalogue, an amount too large). */
export type IssueBody = Omit<ImportIssue, 'line'>

export type PlanOutcome<Write> = PlannedRow<Write> | { line: number; issue: IssueBody }

export interface Target<Write> {
  /** The rows of a file this target imports: others are not counted (a Brickset export's wanted rows, for one). */
  takes(row: ParsedRow): boolean
  /** Whether the rows name items by number, matched against the catalogue before planning. */
  matchesItems: boolean
  /** What each row would do, in order; reads only. */
  plan(run: ImportRun, rows: ReadyRow[]): Promise<Array<PlanOutcome<Write>>>
  /** Writes the planned rows that change something, in the caller's transaction (`run.db`). */
  write(run: ImportRun, planned: Array<PlannedRow<Write>>): Promise<WriteCounts>
  /**
   * With `replace`, what an earlier import from the same source made that the file (`kept` references) no
   * longer has: counted, or removed when `remove`. Absent for targets that never remove.
   */
  missing?(run: ImportRun, kept: readonly string[], remove: boolean): Promise<number>
  /** The source reference of a row this target takes, for `replace` and duplicate rows. */
  sourceRefOf?(row: ParsedRow): string | null
}

export function isAction(outcome: PlanOutcome<unknown>): outcome is PlannedRow<unknown> {
  return 'action' in outcome
}

/** The matched item of a row of a target that `matchesItems` (the common steps matched it before planning). */
export function matchedItem(ready: ReadyRow): ImportCandidate {
  if (!ready.item) throw new Error(`line ${ready.row.line}: planned without its item`)
  return ready.item
}

/** A sample row's item and price, as the preview shows them. */
export function sampleOf(
  ready: ReadyRow & { row: { number: string; line: number } },
  action: PlannedRow<unknown>['action'],
  quantity: number | null,
  condition: string | null,
): SampleRow {
  const { id, type, number, name } = matchedItem(ready)
  const { money } = ready
  return {
    line: ready.row.line,
    number: ready.row.number,
    item: { id, type, number, name },
    action,
    quantity,
    condition,
    price: money ? { amount: money.amount, currency: money.currency ?? null } : null,
  }
}
