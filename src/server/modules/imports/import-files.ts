import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Multipart } from '@fastify/multipart'
import { HttpError } from '#server/errors.ts'
import { SafeFetchError, type SafeFetchOptions, safeFetch, saveCapped } from '#server/lib/safe-fetch.ts'
import { MAX_IMPORT_BYTES } from '#shared/import-formats.ts'
import type { ImportInput } from './import-rows.ts'

/**
 * Files waiting to be imported (ADR 013): each upload or download gets a folder of its own under IMPORT_DIR,
 * written as it streams in (never the whole file in memory) and removed when its import is done.
 */

export const tooLarge = () => new HttpError(413, 'The file is larger than 100 MB.', 'IMPORT_TOO_LARGE')
export const pasteTooLarge = () =>
  new HttpError(
    413,
    'Pasted data is limited to 5 MB: upload the file instead (up to 100 MB).',
    'IMPORT_TOO_LARGE',
  )

/** A new folder for one import's files. */
export async function newImportFolder(dir: string): Promise<string> {
  const folder = path.join(path.resolve(dir), randomUUID())
  await mkdir(folder, { recursive: true })
  return folder
}

/** Text without control characters (a name is stored and shown; PostgreSQL refuses NUL). */
const printable = (text: string) => [...text].filter((char) => char >= ' ').join('')

export async function removeImportFolder(folder: string | null): Promise<void> {
  if (folder) await rm(folder, { recursive: true, force: true })
}

/** A file name as an upload gives it, made safe to keep: no folders, no dots first, at most 100 characters. */
function safeName(name: string | undefined, index: number): string {
  const base = path
    .basename(name ?? '')
    .replace(/[^\w.\- ]+/g, '_')
    .replace(/^\.+/, '')
  return `${index}-${base.slice(0, 100) || 'upload'}`
}

/** The files of an import folder as import inputs, in the order they were saved. */
export async function folderInputs(folder: string): Promise<ImportInput[]> {
  const names = (await readdir(folder)).sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
  return names.map((name) => ({
    kind: 'file' as const,
    path: path.join(folder, name),
    fileName: name.replace(/^\d+-/, ''),
  }))
}

/** Whether an import's folder is still there (a restart may have lost it). */
export async function folderExists(folder: string | null): Promise<boolean> {
  if (!folder) return false
  return stat(folder).then(
    (found) => found.isDirectory(),
    () => false,
  )
}

export interface ReceivedUpload {
  folder: string
  fields: Record<string, string>
  files: ImportInput[]
  size: number
}

/**
 * A multipart upload: the `file` parts streamed into a new folder (each at most 100 MB, counted as they
 * come), the other parts as text fields. Over the limit → 413 with nothing kept.
 */
export async function receiveUpload(parts: AsyncIterable<Multipart>, dir: string): Promise<ReceivedUpload> {
  const folder = await newImportFolder(dir)
  const fields: Record<string, string> = {}
  const files: ImportInput[] = []
  let size = 0
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw pasteTooLarge()
        fields[part.fieldname] = String(part.value)
        continue
      }
      if (part.fieldname !== 'file') {
        part.file.resume()
        throw new HttpError(
          400,
          `Send the file in the field "file", not "${part.fieldname}".`,
          'BAD_IMPORT_UPLOAD',
        )
      }
      const file = path.join(folder, safeName(part.filename, files.length))
      // Over the limit: stop at once rather than read (and drop) the rest of a 200 MB body.
      part.file.once('limit', () => part.file.destroy(tooLarge()))
      await pipeline(part.file, createWriteStream(file))
      if (part.file.truncated) throw tooLarge()
      size += (await stat(file)).size
      // A name is shown and stored as text: no control characters (PostgreSQL refuses NUL).
      files.push({
        kind: 'file',
        path: file,
        fileName: printable(part.filename) || null,
      })
    }
    return { folder, fields, files, size }
  } catch (error) {
    await removeImportFolder(folder)
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    if (code === 'ECONNRESET' || (error as Error).message === 'aborted') {
      throw new HttpError(
        400,
        'The upload broke off before the end: send the file again.',
        'IMPORT_UPLOAD_BROKEN',
      )
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'Too many files or fields in one upload.', 'IMPORT_TOO_MANY_PARTS')
    }
    throw error
  }
}

export type FetchSettings = Pick<SafeFetchOptions, 'resolve' | 'trustedAddresses'> & { timeoutMs?: number }

/**
 * The file at a public web address, streamed into a new folder: http(s) only, public addresses only (after
 * DNS, pinned, each redirect checked again), at most 100 MB and 60 s. Refusals are 4xx: the address is the
 * user's input.
 */
export async function fetchToFolder(url: string, dir: string, settings: FetchSettings = {}) {
  const folder = await newImportFolder(dir)
  const timeoutMs = settings.timeoutMs ?? 60_000
  try {
    const fetched = await safeFetch(url, {
      resolve: settings.resolve,
      trustedAddresses: settings.trustedAddresses,
      timeoutMs,
      accept: 'text/csv, application/xml, text/xml, application/json, application/gzip, */*',
      userAgent: 'Brickfolio import',
    })
    const fileName = path.basename(fetched.url.pathname) || 'download'
    const file = path.join(folder, safeName(fileName, 0))
    const size = await saveCapped(fetched, file, MAX_IMPORT_BYTES)
    return { folder, files: [{ kind: 'file' as const, path: file, fileName }], size }
  } catch (error) {
    await removeImportFolder(folder)
    throw error instanceof SafeFetchError ? fetchError(error, timeoutMs) : error
  }
}

const seconds = (ms: number) => (ms === 1000 ? '1 second' : `${Math.round(ms / 1000)} seconds`)

/** The import's words for a refused or failed download. */
function fetchError(error: SafeFetchError, timeoutMs: number): HttpError {
  const refused = (message: string, status = 400) => new HttpError(status, message, 'IMPORT_URL_REFUSED')
  const failed = (message: string) => new HttpError(400, message, 'IMPORT_URL_FAILED')
  switch (error.reason) {
    case 'bad-url':
    case 'bad-scheme':
      return refused('url must be a web address (http or https)')
    case 'credentials':
      return refused('url must not contain a user name or password.')
    case 'host-not-allowed':
    case 'address-not-public':
      return refused(`Files are not fetched from ${error.host}: it is not a public address.`, 403)
    case 'unreachable':
      return failed(
        `${error.host} could not be reached: check the address, or download the file and upload it.`,
      )
    case 'too-many-redirects':
      return failed(`${error.host} redirected too many times.`)
    case 'upstream-status':
      return failed(`${error.host} answered ${error.status} instead of the file.`)
    case 'too-large':
      return tooLarge()
    case 'timeout':
      return failed(
        `The address took longer than ${seconds(timeoutMs)} to send the file: download it and upload it instead.`,
      )
    case 'failed':
      return failed('The download of the file broke off: try again, or download it and upload it.')
  }
}
