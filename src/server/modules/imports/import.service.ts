import type { Database } from '#server/db/client.ts'
import { badRequest, forbidden, HttpError } from '#server/errors.ts'
import type { ReadCache } from '#server/lib/read-cache.ts'
import type { ImportChoices, ImportPreview } from '#shared/contract/imports.ts'
import type { ImportFormat, ImportTarget, UserRole } from '#shared/contract/values.ts'
import { IMPORT_FORMAT_INFO } from '#shared/import-formats.ts'
import type { CurrencyCode } from '#shared/money.ts'
import { canImportData } from '#shared/permissions.ts'
import { importResult } from './import-answers.ts'
import { checkNeedsMet, needsOf, provenOrder } from './import-needs.ts'
import { type PassResult, runPass } from './import-pass.ts'
import type { ImportInput, OpenedImport, ParsedRow } from './import-rows.ts'
import { insertImport, insertImportIssues, updateImport } from './imports.repo.ts'
import { ItemMatcher } from './item-matcher.ts'
import { openImport } from './read/open-import.ts'
import { commitRebrickableDownloads, previewRebrickableDownloads } from './rebrickable-upload.ts'
import { catalogueTarget } from './targets/catalogue-target.ts'
import { collectionTarget } from './targets/collection-target.ts'
import { retailTarget } from './targets/retail-target.ts'
import type { ImportRun, Target } from './targets/target.ts'
import { wantedTarget } from './targets/wanted-target.ts'

/**
 * Imports (ADR 013): a file, read by `read/` into rows, previewed or committed into the catalogue, the
 * user's collection or their wanted list. A preview reads and matches every row and writes nothing; a commit
 * does the same first (so a broken file, or one that still needs a choice, writes nothing), then reads the
 * file again and writes it in batches of 500 rows, each in one transaction.
 */

/** Who imports: a signed-in user, or the command line (no user; the catalogue only). */
export interface ImportActor {
  userId: string | null
  role: UserRole
  isTrusted: boolean
  /**
   * The currency a catalogue file's retail prices are in when neither the file nor the import says: the
   * user's display currency, as the item form's (DESIGN §3). Other targets ask instead.
   */
  currency: CurrencyCode
}

/** The command line's own actor: it runs on the server, with the catalogue's permissions. */
export const COMMAND_LINE: ImportActor = { userId: null, role: 'admin', isTrusted: true, currency: 'GBP' }

export interface ImportProgress {
  /** Checking (the first read, matching every row) or importing (the second read, writing). */
  phase: 'checking' | 'importing'
  bytesDone: number
  rowsDone: number
}

/** The file (or Rebrickable's downloads, several files) to import, its format detected. */
export interface OpenedFiles {
  format: ImportFormat
  files: Array<{ input: ImportInput; opened: OpenedImport }>
  size: number
}

export interface ImportParams {
  db: Database
  actor: ImportActor
  files: OpenedFiles
  choices: ImportChoices
  /** Answers to forget once written (collections, the catalogue). */
  readCache?: ReadCache
  onProgress?: (progress: ImportProgress) => Promise<void> | void
  onRow?: (row: ParsedRow) => void
}

/** What a commit did; the API's answer adds the report's address. */
export interface CommitOutcome {
  importId: string | null
  format: ImportFormat
  formatLabel: string
  target: ImportTarget
  rows: number
  imported: number
  updated: number
  unchanged: number
  /** Rows not imported, whatever the reason (`counts` says which). */
  skipped: number
  removed: number
  counts: ImportPreview['counts']
  errors: Array<{ row: number; message: string }>
  errorsTotal: number
}

/**
 * Opens each input and detects its format. Several files are only Rebrickable's downloads, which make
 * sense together; a file that is not one of ours is refused by the reader with what it found.
 */
export async function openFiles(inputs: readonly ImportInput[]): Promise<OpenedFiles> {
  const files = []
  for (const input of inputs) files.push({ input, opened: await openImport(input) })
  const [first] = files
  if (!first) throw badRequest('Paste the data, choose a file, or give a web address to import from')
  const format = first.opened.format
  if (files.length > 1 && files.some((file) => file.opened.format !== 'rebrickable-downloads')) {
    throw badRequest("Import one file at a time (several only for Rebrickable's catalogue downloads).")
  }
  return { format, files, size: files.reduce((total, file) => total + file.opened.size, 0) }
}

/**
 * Where a file's rows go: the chosen target, else the format's own; it must be one the format can fill.
 * The catalogue takes trusted members and admins; a collection or wanted list is the user's own.
 */
export function chooseTarget(format: ImportFormat, requested: ImportTarget | undefined, actor: ImportActor) {
  const info = IMPORT_FORMAT_INFO[format]
  const target = requested ?? info.defaultTarget
  if (!info.targets.includes(target)) {
    throw new HttpError(
      400,
      `A ${info.label} file can be imported into ${info.targets.map(targetWords).join(' or ')}, not ${targetWords(target)}.`,
      'BAD_IMPORT_TARGET',
    )
  }
  checkTargetAllowed(target, actor)
  return target
}

/** The catalogue is for trusted members and admins (DESIGN §4); anyone signed in imports into their own lists. */
export function checkTargetAllowed(target: ImportTarget, actor: ImportActor): void {
  if (target === 'catalogue') {
    const { userId, role, isTrusted } = actor
    if (!canImportData({ id: userId ?? '', role, isTrusted })) {
      throw forbidden('Only trusted members and admins can import into the catalogue.')
    }
  } else if (!actor.userId) {
    throw badRequest('A collection or wanted list is imported by its owner, signed in.')
  }
}

const targetWords = (target: ImportTarget) =>
  target === 'catalogue' ? 'the catalogue' : target === 'collection' ? 'your collection' : 'your wanted list'

function targetFor(format: ImportFormat, target: ImportTarget): Target<unknown> {
  if (target === 'collection') return collectionTarget() as Target<unknown>
  if (target === 'wanted') return wantedTarget() as Target<unknown>
  return (format === 'brickset-sets' ? retailTarget() : catalogueTarget()) as Target<unknown>
}

function runOf(params: ImportParams, target: ImportTarget, importId: string | null): ImportRun {
  return {
    db: params.db,
    userId: params.actor.userId,
    format: params.files.format,
    target,
    choices:
      target === 'catalogue'
        ? { ...params.choices, currency: params.choices.currency ?? params.actor.currency }
        : params.choices,
    importId,
    rates: new Map(),
  }
}

function singleFile(files: OpenedFiles): OpenedImport {
  const [file] = files.files
  if (!file || files.files.length > 1) throw badRequest('Import one file at a time.')
  return file.opened
}

/**
 * The first read: every row prepared and planned, nothing written. When the file's order of day and month
 * is only proved by a row after some undecided ones, the read is done again in that order, so every row is
 * planned with its real day.
 */
async function checkFile(
  params: ImportParams,
  run: ImportRun,
  target: Target<unknown>,
  matcher: ItemMatcher,
) {
  const opened = singleFile(params.files)
  const fixed = params.choices.dateOrder ?? opened.dateOrder
  const read = (dateOrder: typeof fixed) =>
    runPass({
      run,
      target,
      opened,
      matcher,
      dateOrder,
      write: false,
      onProgress: (progress) => params.onProgress?.({ phase: 'checking', ...progress }),
    })
  let pass = await read(fixed)
  const proven = fixed ?? provenOrder(pass.observed)
  if (!fixed && proven && pass.observed.undecidedDates > 0) pass = await read(proven)
  return { pass, dateOrder: proven }
}

/** What importing the file would do; writes nothing. */
export async function previewImport(params: ImportParams): Promise<ImportPreview> {
  const target = chooseTarget(params.files.format, params.choices.target, params.actor)
  if (params.files.format === 'rebrickable-downloads') return previewRebrickableDownloads(params)
  const handler = targetFor(params.files.format, target)
  const run = runOf(params, target, null)
  const { pass, dateOrder } = await checkFile(params, run, handler, new ItemMatcher(params.db))
  const remove = params.choices.replace && handler.missing ? await handler.missing(run, pass.kept, false) : 0
  const opened = singleFile(params.files)
  return {
    mode: 'preview',
    ...formatFields(params.files.format, target),
    rows: pass.rows,
    counts: { ...pass.counts, remove },
    needs: needsOf(pass.observed, params.choices.dateOrder ?? dateOrder),
    dateOrder: opened.dateOrder ?? provenOrder(pass.observed),
    currencies: [...pass.observed.currencies].sort(),
    issues: pass.issues,
    issuesTotal: pass.issuesTotal,
    sample: pass.sample,
  }
}

/**
 * Imports the file. Refused (400, nothing written) when it still needs a choice or names an item the user
 * chose that is not one of a number's candidates. With `record`, the commit is recorded as an import of the
 * user's (every issue kept for its report); with `importId`, it is the job of that id.
 */
export async function commitImport(params: CommitParams): Promise<CommitOutcome> {
  const target = chooseTarget(params.files.format, params.choices.target, params.actor)
  if (params.files.format === 'rebrickable-downloads') {
    return recorded(params, target, (importId) => commitRebrickableDownloads(params, importId))
  }
  const handler = targetFor(params.files.format, target)
  // One matcher for both reads: each number is looked up once per import.
  const matcher = new ItemMatcher(params.db)
  const checked = await checkFile(params, runOf(params, target, null), handler, matcher)
  checkNeedsMet(checked.pass.observed, checked.dateOrder)
  return recorded(params, target, (importId) =>
    writeFile(params, runOf(params, target, importId), handler, matcher, checked.dateOrder),
  )
}

export type CommitParams = ImportParams & {
  record?: { fileName: string | null; fileSize: number }
  importId?: string
}

/**
 * Runs a commit as a recorded import: the job's (`importId`), or one recorded here (`record`), marked done
 * with its answer or failed. The command line records nothing.
 */
async function recorded(
  params: CommitParams,
  target: ImportTarget,
  commit: (importId: string | null) => Promise<CommitOutcome>,
): Promise<CommitOutcome> {
  const userId = params.actor.userId
  if (params.importId || !params.record || !userId) return commit(params.importId ?? null)
  const { id } = await insertImport(params.db, {
    userId,
    status: 'running',
    mode: 'commit',
    target,
    format: params.files.format,
    fileName: params.record.fileName,
    fileSize: params.record.fileSize,
    filePath: null,
    options: { choices: params.choices },
  })
  try {
    const outcome = await commit(id)
    await updateImport(params.db, id, {
      status: 'done',
      result: importResult({ ...outcome, importId: id }),
      finished: true,
    })
    return outcome
  } catch (error) {
    await updateImport(params.db, id, {
      status: 'failed',
      error: 'The import stopped part-way; rows already written stay. Run it again to finish it.',
      finished: true,
    }).catch(() => {})
    throw error
  }
}

async function writeFile(
  params: ImportParams,
  run: ImportRun,
  handler: Target<unknown>,
  matcher: ItemMatcher,
  dateOrder: ImportChoices['dateOrder'] | null,
): Promise<CommitOutcome> {
  const { importId } = run
  const pass: PassResult = await runPass({
    run,
    target: handler,
    opened: singleFile(params.files),
    matcher,
    dateOrder: dateOrder ?? null,
    write: true,
    onIssues: importId ? (issues) => insertImportIssues(params.db, importId, issues) : undefined,
    onProgress: (progress) => params.onProgress?.({ phase: 'importing', ...progress }),
    onRow: params.onRow,
  })
  const missing = handler.missing
  const removed =
    params.choices.replace && missing
      ? await params.db.transaction((tx) => missing({ ...run, db: tx }, pass.kept, true))
      : 0
  await forgetAnswers(params, run.target)
  const { counts } = pass
  return {
    importId,
    ...formatFields(params.files.format, run.target),
    rows: pass.rows,
    imported: counts.new,
    updated: counts.update,
    unchanged: counts.unchanged,
    skipped: counts.skipped + counts.unknown + counts.ambiguous + counts.rejected,
    removed,
    counts: { ...counts, remove: removed },
    errors: pass.errors,
    errorsTotal: pass.errorsTotal,
  }
}

/** A catalogue import changes what every instance's cached catalogue answers say (collections are never cached). */
export async function forgetAnswers(params: ImportParams, target: ImportTarget) {
  if (target === 'catalogue') await params.readCache?.clear()
}

export function formatFields(format: ImportFormat, target: ImportTarget) {
  return { format, formatLabel: IMPORT_FORMAT_INFO[format].label, target }
}
