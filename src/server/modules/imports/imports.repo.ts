import path from 'node:path'
import { type SQL, sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import type { ImportCandidate, ImportIssue } from '#shared/contract/imports.ts'
import type {
  ImportFormat,
  ImportIssueStatus,
  ImportJobStatus,
  ImportMode,
  ImportTarget,
} from '#shared/contract/values.ts'

const param = sql.param

/** An import as `import_jobs` holds it. */
export interface ImportRecord {
  id: string
  userId: string
  status: ImportJobStatus
  mode: ImportMode
  target: ImportTarget
  format: ImportFormat | null
  fileName: string | null
  fileSize: number
  filePath: string | null
  options: Record<string, unknown>
  bytesDone: number
  rowsDone: number
  result: Record<string, unknown> | null
  error: string | null
  createdAt: string
  startedAt: string | null
  finishedAt: string | null
  updatedAt: string
}

const recordColumns = sql`id, user_id as "userId", status, mode, target, format, file_name as "fileName",
  file_size::float8 as "fileSize", file_path as "filePath", options, bytes_done::float8 as "bytesDone",
  rows_done as "rowsDone", result, error, ${isoTimestamp(sql`created_at`)} as "createdAt",
  ${isoTimestamp(sql`started_at`)} as "startedAt", ${isoTimestamp(sql`finished_at`)} as "finishedAt",
  ${isoTimestamp(sql`updated_at`)} as "updatedAt"`

export interface NewImportRecord {
  userId: string
  status: ImportJobStatus
  mode: ImportMode
  target: ImportTarget
  format: ImportFormat | null
  fileName: string | null
  fileSize: number
  filePath: string | null
  options: Record<string, unknown>
}

export async function insertImport(db: Database, record: NewImportRecord): Promise<ImportRecord> {
  const [row] = await queryRows<ImportRecord>(
    db,
    sql`insert into import_jobs (user_id, status, mode, target, format, file_name, file_size, file_path, options,
        started_at)
      values (${record.userId}, ${record.status}, ${record.mode}, ${record.target}, ${record.format},
        ${record.fileName}, ${record.fileSize}, ${record.filePath}, ${JSON.stringify(record.options)}::jsonb,
        case when ${record.status} = 'running' then now() end)
      returning ${recordColumns}`,
  )
  return row as ImportRecord
}

export type ImportChanges = Partial<
  Pick<
    ImportRecord,
    'status' | 'mode' | 'filePath' | 'options' | 'bytesDone' | 'rowsDone' | 'result' | 'error'
  >
> & { started?: boolean | null; finished?: boolean | null }

/** Changes an import's row; `started`/`finished` true stamp now, null clear the time. */
export async function updateImport(db: Database, id: string, changes: ImportChanges): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`]
  if (changes.status !== undefined) sets.push(sql`status = ${changes.status}`)
  if (changes.mode !== undefined) sets.push(sql`mode = ${changes.mode}`)
  if (changes.filePath !== undefined) sets.push(sql`file_path = ${changes.filePath}`)
  if (changes.options !== undefined) sets.push(sql`options = ${JSON.stringify(changes.options)}::jsonb`)
  if (changes.bytesDone !== undefined) sets.push(sql`bytes_done = ${changes.bytesDone}`)
  if (changes.rowsDone !== undefined) sets.push(sql`rows_done = ${changes.rowsDone}`)
  if (changes.result !== undefined)
    sets.push(sql`result = ${changes.result === null ? null : JSON.stringify(changes.result)}::jsonb`)
  if (changes.error !== undefined) sets.push(sql`error = ${changes.error}`)
  if (changes.started !== undefined) sets.push(sql`started_at = ${changes.started ? sql`now()` : sql`null`}`)
  if (changes.finished !== undefined)
    sets.push(sql`finished_at = ${changes.finished ? sql`now()` : sql`null`}`)
  await db.execute(sql`update import_jobs set ${sql.join(sets, sql`, `)} where id = ${id}`)
}

/** The user's import with this id; another user's is as good as missing. */
export async function findOwnImport(
  db: Database,
  userId: string,
  id: string,
): Promise<ImportRecord | undefined> {
  const rows = await queryRows<ImportRecord>(
    db,
    sql`select ${recordColumns} from import_jobs where id = ${id} and user_id = ${userId}`,
  )
  return rows[0]
}

export async function findImport(db: Database, id: string): Promise<ImportRecord | undefined> {
  const rows = await queryRows<ImportRecord>(
    db,
    sql`select ${recordColumns} from import_jobs where id = ${id}`,
  )
  return rows[0]
}

export function recentImports(db: Database, userId: string, limit: number): Promise<ImportRecord[]> {
  return queryRows<ImportRecord>(
    db,
    sql`select ${recordColumns} from import_jobs where user_id = ${userId}
      order by created_at desc, id desc limit ${limit}`,
  )
}

/**
 * The jobs whose file lies under `dir` itself: one instance's `…/imports-1` is no prefix of another's
 * `…/imports-10/…`.
 */
const fileUnder = (dir: string) =>
  sql`starts_with(file_path, ${dir.endsWith(path.sep) ? dir : dir + path.sep})`

/**
 * Takes the oldest queued job whose file is under `dir` (this instance's IMPORT_DIR): running it is this
 * instance's, and the status check in the update makes the claim safe against another taker.
 */
export async function claimQueuedImport(db: Database, dir: string): Promise<ImportRecord | undefined> {
  const rows = await queryRows<ImportRecord>(
    db,
    sql`update import_jobs set status = 'running', started_at = now(), updated_at = now(), bytes_done = 0,
        rows_done = 0
      where id = (select id from import_jobs where status = 'queued' and ${fileUnder(dir)}
        order by created_at, id limit 1 for update skip locked)
        and status = 'queued'
      returning ${recordColumns}`,
  )
  return rows[0]
}

/** Jobs of this instance (files under `dir`) left queued or running, e.g. by a restart. */
export function unfinishedImports(db: Database, dir: string): Promise<ImportRecord[]> {
  return queryRows<ImportRecord>(
    db,
    sql`select ${recordColumns} from import_jobs
      where status in ('queued', 'running') and ${fileUnder(dir)}`,
  )
}

/** Finished imports whose file under `dir` is to be removed: commits and failures, previews after a day. */
export function importFilesToRemove(db: Database, dir: string): Promise<ImportRecord[]> {
  return queryRows<ImportRecord>(
    db,
    sql`select ${recordColumns} from import_jobs
      where file_path is not null and ${fileUnder(dir)} and status in ('done', 'failed')
        and (mode = 'commit' or status = 'failed' or finished_at < now() - interval '24 hours')`,
  )
}

/**
 * An issue as stored. `candidates` holds the row's name beside its candidates (`{ name, candidates }`), so
 * the report can say what the file called an unknown number.
 */
interface StoredIssue {
  line: number
  number: string | null
  status: ImportIssueStatus
  message: string
  details: { name?: string | null; candidates?: ImportCandidate[] | null } | null
}

/** Forgets an import's issues: a job run again from the start records them again. */
export async function deleteImportIssues(db: Database, importId: string): Promise<void> {
  await db.execute(sql`delete from import_issues where import_id = ${importId}`)
}

export async function insertImportIssues(db: Database, importId: string, issues: readonly ImportIssue[]) {
  if (issues.length === 0) return
  const column = <T>(pick: (issue: ImportIssue) => T) => param(issues.map(pick))
  await db.execute(
    sql`insert into import_issues (import_id, line, number, status, message, candidates)
      select ${importId}::uuid, u.line, u.number, u.status, u.message, u.details
      from unnest(${column((i) => i.line)}::int[], ${column((i) => i.number)}::text[],
        ${column((i) => i.status)}::text[], ${column((i) => i.message)}::text[],
        ${column((i) => JSON.stringify({ name: i.name, candidates: i.candidates ?? null }))}::jsonb[])
        as u(line, number, status, message, details)`,
  )
}

/** A page of an import's issues in file order, after the issue `afterId` (keyset paging for the report). */
export async function importIssuesPage(
  db: Database,
  importId: string,
  afterId: number,
  limit: number,
): Promise<Array<ImportIssue & { id: number }>> {
  const rows = await queryRows<StoredIssue & { id: number }>(
    db,
    sql`select id, line, number, status, message, candidates as details from import_issues
      where import_id = ${importId} and id > ${afterId} order by id limit ${limit}`,
  )
  return rows.map(({ details, ...issue }) => ({
    ...issue,
    name: details?.name ?? null,
    ...(details?.candidates ? { candidates: details.candidates } : {}),
  }))
}
