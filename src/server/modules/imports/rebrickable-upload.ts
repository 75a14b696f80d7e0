import { mkdtemp, open, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { badRequest } from '#server/errors.ts'
import type { ImportIssue, ImportPreview } from '#shared/contract/imports.ts'
import type { RowProblem } from './csv-source.ts'
import { type CommitOutcome, forgetAnswers, formatFields, type ImportParams } from './import.service.ts'
import type { ImportInput } from './import-rows.ts'
import { insertImportIssues } from './imports.repo.ts'
import { importRebrickable, type RebrickableImportResult } from './rebrickable.import.ts'

/**
 * Rebrickable's catalogue downloads, uploaded or fetched (one or several of themes, sets, minifigs,
 * inventories, inventory_minifigs; gzipped or not): they only make sense together, so they run through the
 * same importer as `npm run import -- rebrickable <dir>` from a folder where each has its own name. A subset
 * works: sets.csv alone takes its themes from the catalogue; a set whose theme is in neither is a rejected
 * row. A preview runs the import in a transaction that is rolled back, so its counts are exactly what a
 * commit would do.
 */

/** Links each file under the name the importer looks for (`sets.csv`, `themes.csv.gz`) in a folder of its own. */
async function downloadsFolder(params: ImportParams): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'brickfolio-rebrickable-'))
  const named = new Set<string>()
  try {
    for (const { input, opened } of params.files.files) {
      const kind = opened.rebrickableFile
      if (!kind) throw badRequest('Only Rebrickable catalogue downloads can be imported together.')
      if (named.has(kind)) throw badRequest(`Two of the files are ${kind}.csv: send each download once.`)
      named.add(kind)
      const name = `${kind}.csv${(await isGzip(input)) ? '.gz' : ''}`
      if (input.kind === 'file') await symlink(path.resolve(input.path), path.join(folder, name))
      else await writeFile(path.join(folder, name), input.text)
    }
    return folder
  } catch (error) {
    await rm(folder, { recursive: true, force: true })
    throw error
  }
}

async function isGzip(input: ImportInput): Promise<boolean> {
  if (input.kind === 'text') return false
  const file = await open(input.path, 'r')
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(2), 0, 2, 0)
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b
  } finally {
    await file.close()
  }
}

async function withDownloads<T>(params: ImportParams, use: (folder: string) => Promise<T>): Promise<T> {
  const folder = await downloadsFolder(params)
  try {
    return await use(folder)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** The importer's problems as an import's issues: rejected rows, each naming its file. */
function issuesOf(problems: readonly RowProblem[]): ImportIssue[] {
  return problems.map((problem) => ({
    line: problem.line,
    number: null,
    name: null,
    status: 'rejected',
    message: `${problem.file}: ${problem.message}`,
  }))
}

type Summary = RebrickableImportResult['summary']

const rowsOf = (summary: Summary) =>
  summary.inserted + summary.updated + summary.unchanged + summary.skipped + summary.errors

function countsOf(summary: Summary): ImportPreview['counts'] {
  const { inserted, updated, unchanged, skipped, errors } = summary
  return {
    new: inserted,
    update: updated,
    unchanged,
    skipped,
    unknown: 0,
    ambiguous: 0,
    rejected: errors,
    remove: 0,
  }
}

class RolledBack extends Error {
  constructor(readonly result: RebrickableImportResult) {
    super('preview rolled back')
  }
}

export async function previewRebrickableDownloads(params: ImportParams): Promise<ImportPreview> {
  const result = await withDownloads(params, async (dir) => {
    try {
      await params.db.transaction(async (tx) => {
        throw new RolledBack(await importRebrickable({ db: tx, dir, refresh: false }))
      })
    } catch (error) {
      if (error instanceof RolledBack) return error.result
      throw error
    }
    throw new Error('The preview transaction was not rolled back')
  })
  const { summary } = result
  const issues = issuesOf(result.problems)
  return {
    mode: 'preview',
    ...formatFields('rebrickable-downloads', 'catalogue'),
    rows: rowsOf(summary),
    counts: countsOf(summary),
    needs: { currency: false, dateOrder: false, conditionWhenUnknown: false },
    dateOrder: null,
    currencies: [],
    issues: issues.slice(0, 500),
    issuesTotal: issues.length,
    sample: [],
  }
}

export async function commitRebrickableDownloads(
  params: ImportParams,
  importId: string | null,
): Promise<CommitOutcome> {
  const result = await withDownloads(params, (dir) => importRebrickable({ db: params.db, dir }))
  const issues = issuesOf(result.problems)
  if (importId) await insertImportIssues(params.db, importId, issues)
  await forgetAnswers(params, 'catalogue')
  const { summary } = result
  return {
    importId,
    ...formatFields('rebrickable-downloads', 'catalogue'),
    rows: rowsOf(summary),
    imported: summary.inserted,
    updated: summary.updated,
    unchanged: summary.unchanged,
    skipped: summary.skipped + summary.errors,
    removed: 0,
    counts: countsOf(summary),
    errors: issues.slice(0, 1000).map((issue) => ({ row: issue.line, message: issue.message })),
    errorsTotal: issues.length,
  }
}
