import type { Database } from '#server/db/client.ts'
import { conflict, HttpError, notFound } from '#server/errors.ts'
import type { ReadCache } from '#server/lib/read-cache.ts'
import type {
  ImportChoices,
  ImportJob,
  ImportJobs as ImportJobList,
  ImportPreview,
  ImportResult,
} from '#shared/contract/imports.ts'
import type { ImportMode } from '#shared/contract/values.ts'
import { DIRECT_IMPORT_BYTES } from '#shared/import-formats.ts'
import type { ImportJobs } from './import.jobs.ts'
import {
  checkTargetAllowed,
  chooseTarget,
  commitImport,
  type ImportActor,
  openFiles,
  previewImport,
} from './import.service.ts'
import { importJob, importResult } from './import-answers.ts'
import { folderExists, folderInputs, removeImportFolder } from './import-files.ts'
import type { ImportInput } from './import-rows.ts'
import { findOwnImport, insertImport, recentImports, updateImport } from './imports.repo.ts'

/**
 * What `POST /api/import/data` and the calls about imports do, between HTTP and the import service: a file
 * up to 5 MB is imported in the request; a larger one is queued as a job of this instance (202).
 */

export type ImportAnswer =
  | { status: 200; body: ImportPreview | ImportResult }
  | { status: 202; body: ImportJob }

/** Pasted text, or files already saved in a folder of their own under IMPORT_DIR (uploaded or fetched). */
export type ReceivedFiles =
  | { kind: 'text'; text: string }
  | { kind: 'folder'; folder: string; files: ImportInput[]; size: number }

export interface IntakeParams {
  db: Database
  actor: ImportActor & { userId: string }
  jobs: ImportJobs
  readCache: ReadCache
  received: ReceivedFiles
  choices: ImportChoices
  mode: ImportMode
}

export async function importReceived(params: IntakeParams): Promise<ImportAnswer> {
  const { db, actor, received, choices, mode } = params
  let queued = false
  try {
    // Refused before the file is read when the user asked for the catalogue without the right to.
    if (choices.target) checkTargetAllowed(choices.target, actor)
    const inputs =
      received.kind === 'text' ? [{ kind: 'text' as const, text: received.text }] : received.files
    const files = await openFiles(inputs)
    const target = chooseTarget(files.format, choices.target, actor)
    const fileName = received.kind === 'folder' ? fileNames(received.files) : null
    if (received.kind === 'text' || files.size <= DIRECT_IMPORT_BYTES) {
      const importParams = { db, actor, files, choices, readCache: params.readCache }
      if (mode === 'preview') return { status: 200, body: await previewImport(importParams) }
      const outcome = await commitImport({ ...importParams, record: { fileName, fileSize: files.size } })
      // A signed-in user's commit is always recorded (it has a report).
      const importId = outcome.importId as string
      return { status: 200, body: importResult({ ...outcome, importId }) }
    }
    const record = await insertImport(db, {
      userId: actor.userId,
      status: 'queued',
      mode,
      target,
      format: files.format,
      fileName,
      fileSize: files.size,
      filePath: received.folder,
      options: { choices: { ...choices, target }, actor: actorOptions(actor) },
    })
    queued = true
    params.jobs.wake()
    return { status: 202, body: importJob(record) }
  } finally {
    if (!queued && received.kind === 'folder') await removeImportFolder(received.folder)
  }
}

/** What a job keeps of who started it: the permissions and currency it runs with. */
const actorOptions = ({ role, isTrusted, currency }: ImportActor) => ({ role, isTrusted, currency })

const fileNames = (files: readonly ImportInput[]) =>
  files
    .map((file) => (file.kind === 'file' ? file.fileName : null))
    .filter(Boolean)
    .join(', ') || null

/**
 * Commits a finished preview job's file with the choices made since, without uploading it again: the job
 * becomes a queued commit (202). A question its preview asked must be answered here.
 */
export async function commitPreviewed({
  db,
  actor,
  jobs,
  id,
  choices,
}: {
  db: Database
  actor: ImportActor & { userId: string }
  jobs: ImportJobs
  id: string
  choices: ImportChoices
}): Promise<ImportJob> {
  const record = await findOwnImport(db, actor.userId, id)
  if (!record) throw notFound('Import not found')
  if (record.mode !== 'preview' || record.status !== 'done') {
    throw conflict('Only a finished preview can be committed; this import is not one.')
  }
  if (!(await folderExists(record.filePath)) || !record.filePath) {
    throw conflict("This import's file is no longer here (a preview keeps it for a day): upload it again.")
  }
  const target = choices.target ?? record.target
  checkTargetAllowed(target, actor)
  const files = await openFiles(await folderInputs(record.filePath))
  chooseTarget(files.format, target, actor)
  const asked = (record.result as Partial<ImportPreview> | null)?.needs
  const unanswered = [
    asked?.currency && !choices.currency && 'currency',
    asked?.dateOrder && !choices.dateOrder && 'dateOrder',
    asked?.conditionWhenUnknown && !choices.conditionWhenUnknown && 'conditionWhenUnknown',
  ].filter(Boolean)
  if (unanswered.length > 0 && target === record.target) {
    throw new HttpError(
      400,
      `The preview asked for ${unanswered.join(', ')}: choose before committing.`,
      'IMPORT_CHOICES_NEEDED',
    )
  }
  await updateImport(db, record.id, {
    status: 'queued',
    mode: 'commit',
    options: { choices: { ...choices, target }, actor: actorOptions(actor) },
    result: null,
    error: null,
    bytesDone: 0,
    rowsDone: 0,
    started: null,
    finished: null,
  })
  jobs.wake()
  const queued = await findOwnImport(db, actor.userId, id)
  return importJob(queued ?? record)
}

export async function ownImport({ db, userId, id }: { db: Database; userId: string; id: string }) {
  const record = await findOwnImport(db, userId, id)
  if (!record) throw notFound('Import not found')
  return record
}

/** The user's 20 most recent imports, newest first. */
export async function ownImports({ db, userId }: { db: Database; userId: string }): Promise<ImportJobList> {
  const now = Date.now()
  return { imports: (await recentImports(db, userId, 20)).map((record) => importJob(record, now)) }
}
