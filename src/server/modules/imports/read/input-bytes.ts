import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { pipeline, Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { MAX_IMPORT_BYTES } from '#shared/import-formats.ts'
import { ImportFileError } from '../import-file-error.ts'
import type { ImportInput } from '../import-rows.ts'

const CHUNK_BYTES = 64 * 1024
const GZIP_MAGIC = [0x1f, 0x8b]
const MEGABYTE = 1024 * 1024

/** Bytes of the stored input read so far (for progress: compressed bytes of a .gz, as its size is). */
export interface ByteCounter {
  bytes: number
}

export const tooLarge = (what: string) =>
  new ImportFileError(
    `${what} over ${MAX_IMPORT_BYTES / MEGABYTE} MB: the largest file an import takes is ${MAX_IMPORT_BYTES / MEGABYTE} MB. Split it, or export less at a time.`,
    'IMPORT_TOO_LARGE',
    413,
  )

/** The input's size as stored. */
export async function storedSize(input: ImportInput): Promise<number> {
  if (input.kind === 'text') return Buffer.byteLength(input.text)
  try {
    return (await stat(input.path)).size
  } catch {
    throw new ImportFileError(
      'The file to import is no longer there: upload it again.',
      'IMPORT_FILE_GONE',
      410,
    )
  }
}

/** The input's bytes as stored, from the start, in chunks of at most 64 KB; counts them into `counter`. */
export async function* storedBytes(input: ImportInput, counter: ByteCounter): AsyncGenerator<Buffer> {
  if (input.kind === 'text') {
    const bytes = Buffer.from(input.text, 'utf8')
    for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
      const chunk = bytes.subarray(start, start + CHUNK_BYTES)
      counter.bytes += chunk.length
      yield chunk
    }
    return
  }
  const stream = createReadStream(input.path, { highWaterMark: CHUNK_BYTES })
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      counter.bytes += chunk.length
      yield chunk
    }
  } finally {
    stream.destroy()
  }
}

const isGzip = (head: Uint8Array) => GZIP_MAGIC.every((byte, index) => head[index] === byte)

function gzipError(error: Error & { code?: string }): ImportFileError {
  if (error instanceof ImportFileError) return error
  return error.code === 'Z_BUF_ERROR' || /unexpected end/i.test(error.message)
    ? new ImportFileError('The .gz file is cut off: download or export it again.', 'IMPORT_FILE_CUT_OFF')
    : new ImportFileError('The .gz file is damaged and cannot be unpacked: download or export it again.')
}

/**
 * The text file's bytes: a gzip stream (recognised by its magic bytes, whatever the file is called) is
 * unpacked on the fly. Unpacked output is capped like an upload, so a small .gz cannot unpack into
 * gigabytes.
 */
export async function* unpackedBytes(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = chunks[Symbol.asyncIterator]()
  const first = await iterator.next()
  if (first.done) return
  const rest = (async function* () {
    yield first.value
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
  })()
  if (!isGzip(first.value)) {
    yield* rest
    return
  }
  const gunzip = createGunzip()
  const source = Readable.from(rest)
  pipeline(source, gunzip, () => {})
  let unpacked = 0
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      unpacked += chunk.length
      if (unpacked > MAX_IMPORT_BYTES) throw tooLarge('Unpacked, this file is')
      yield chunk
    }
  } catch (error) {
    throw gzipError(error as Error)
  } finally {
    source.destroy()
    gunzip.destroy()
    await iterator.return?.()
  }
}
