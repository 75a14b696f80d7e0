import { databaseUnavailableReason } from '#server/db/unavailable.ts'
import { HttpError } from '#server/errors.ts'
import type { ImportIssue, ImportPreview } from '#shared/contract/imports.ts'
import type { DateOrder } from '#shared/contract/values.ts'
import { type Observations, type Prepared, RowPreparer } from './import-prepare.ts'
import type { OpenedImport, ParsedRow } from './import-rows.ts'
import type { ItemMatcher } from './item-matcher.ts'
import {
  type ImportRun,
  isAction,
  type PlannedRow,
  type PlanOutcome,
  type SampleRow,
  type Target,
} from './targets/target.ts'
import { addCounts, emptyCounts, type WriteCounts } from './write-counts.ts'

/** Rows read, planned and written together: each written batch is one transaction. */
export const BATCH_ROWS = 500
const ISSUES_SHOWN = 500
const SAMPLE_ROWS = 20
const ERRORS_SHOWN = 1000

export type PassCounts = Omit<ImportPreview['counts'], 'remove'>

export interface PassOptions {
  run: ImportRun
  target: Target<unknown>
  opened: OpenedImport
  matcher: ItemMatcher
  dateOrder: DateOrder | null
  /** Write the rows (the commit's second pass), or only plan them. */
  write: boolean
  /** Every issue, batch by batch as found (a commit records them all for its report). */
  onIssues?: (issues: ImportIssue[]) => Promise<void>
  /** After each batch: the bytes of the file read so far and the rows handled. */
  onProgress?: (progress: { bytesDone: number; rowsDone: number }) => Promise<void> | void
  /** Each row as read (the command line tallies what it reads). */
  onRow?: (row: ParsedRow) => void
}

export interface PassResult {
  /** Data rows of the file (lines that start a row). */
  rows: number
  counts: PassCounts
  /** The first issues in file order, and how many there are. */
  issues: ImportIssue[]
  issuesTotal: number
  /** Rows not imported for a reason other than not being tracked, the first ones, and how many. */
  errors: Array<{ row: number; message: string }>
  errorsTotal: number
  sample: SampleRow[]
  /** The source references of the target's rows the file has (for `replace`). */
  kept: string[]
  observed: Observations
}

/**
 * One read of the file: each batch of rows prepared (matched, days and amounts settled), planned against
 * what is stored, and — when writing — written in one transaction; a batch that fails is written again row
 * by row, so only a row the database refuses fails, with its message. Rows are handled in file order.
 */
export async function runPass(options: PassOptions): Promise<PassResult> {
  const { run, target, opened } = options
  const preparer = new RowPreparer(run, target, options.matcher, options.dateOrder)
  const result: PassResult = {
    rows: 0,
    counts: { new: 0, update: 0, unchanged: 0, skipped: 0, unknown: 0, ambiguous: 0, rejected: 0 },
    issues: [],
    issuesTotal: 0,
    errors: [],
    errorsTotal: 0,
    sample: [],
    kept: [],
    observed: preparer.observed,
  }
  let lastLine = -1
  let rowsDone = 0
  let batch: ParsedRow[] = []

  const noteIssues = async (issues: ImportIssue[]) => {
    for (const issue of issues) {
      result.counts[issue.status]++
      result.issuesTotal++
      if (result.issues.length < ISSUES_SHOWN) result.issues.push(issue)
      if (issue.status === 'skipped') continue
      result.errorsTotal++
      if (result.errors.length < ERRORS_SHOWN) result.errors.push({ row: issue.line, message: issue.message })
    }
    if (issues.length > 0) await options.onIssues?.(issues)
  }

  const flush = async () => {
    if (batch.length === 0) return
    const rows = batch
    batch = []
    const prepared = await preparer.prepare(rows)
    const ready = prepared.flatMap((entry) => ('ready' in entry ? [entry.ready] : []))
    const planned = ready.length > 0 ? await target.plan(run, ready) : []
    const issues = [...issuesOf(prepared), ...issuesOf(planned)]
    const actions = planned.filter(isAction)
    if (options.write) {
      const { counts, failed } = await writeBatch(run, target, actions)
      result.counts.new += counts.inserted
      result.counts.update += counts.updated
      result.counts.unchanged += counts.unchanged
      const byLine = new Map(actions.map((action) => [action.line, action]))
      for (const { line, message } of failed) {
        const number = byLine.get(line)?.sample.number ?? null
        issues.push({ line, number, name: null, status: 'rejected', message })
      }
    } else {
      for (const action of actions) result.counts[action.action]++
    }
    for (const action of actions) {
      if (result.sample.length < SAMPLE_ROWS) result.sample.push(action.sample)
    }
    await noteIssues(issues.sort((a, b) => a.line - b.line))
    await options.onProgress?.({ bytesDone: opened.bytesRead(), rowsDone })
  }

  for await (const row of opened.rows()) {
    options.onRow?.(row)
    rowsDone++
    if (row.line !== lastLine) {
      result.rows++
      lastLine = row.line
    }
    if (target.missing && run.choices.replace && target.takes(row)) {
      const ref = target.sourceRefOf?.(row)
      if (ref) result.kept.push(ref)
    }
    batch.push(row)
    if (batch.length >= BATCH_ROWS) await flush()
  }
  await flush()
  return result
}

function issuesOf(outcomes: ReadonlyArray<Prepared | PlanOutcome<unknown>>): ImportIssue[] {
  return outcomes.flatMap((outcome) => ('issue' in outcome ? [{ line: outcome.line, ...outcome.issue }] : []))
}

/**
 * Writes a batch's changing rows in one transaction; if it fails, each row in a transaction of its own, so
 * only the rows the database refuses fail. An outage is not a row's fault: it ends the import.
 */
async function writeBatch(
  run: ImportRun,
  target: Target<unknown>,
  planned: Array<PlannedRow<unknown>>,
): Promise<{ counts: WriteCounts; failed: Array<{ line: number; message: string }> }> {
  const counts = emptyCounts()
  counts.unchanged = planned.filter((row) => row.action === 'unchanged').length
  const changing = planned.filter((row) => row.action !== 'unchanged')
  if (changing.length === 0) return { counts, failed: [] }
  const write = (rows: Array<PlannedRow<unknown>>) =>
    run.db.transaction((tx) => target.write({ ...run, db: tx }, rows))
  try {
    addCounts(counts, await write(changing))
    return { counts, failed: [] }
  } catch (error) {
    if (databaseUnavailableReason(error)) throw error
  }
  const failed: Array<{ line: number; message: string }> = []
  for (const row of changing) {
    try {
      addCounts(counts, await write([row]))
    } catch (error) {
      if (databaseUnavailableReason(error)) throw error
      failed.push({ line: row.line, message: rowFailure(error) })
    }
  }
  return { counts, failed }
}

/** A refused row's reason: ours as it is; the database's without internals. */
function rowFailure(error: unknown): string {
  if (error instanceof HttpError) return error.message
  const code =
    (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code
  if (code === '23503') return 'The item this row names was removed from the catalogue meanwhile.'
  if (code === '22003') return 'A number in this row is too large to be stored.'
  return 'This row could not be saved.'
}
