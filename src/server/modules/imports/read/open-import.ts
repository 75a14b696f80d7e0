import { todayUtc } from '#shared/dates.ts'
import { MAX_IMPORT_BYTES } from '#shared/import-formats.ts'
import { type CsvRow, normaliseColumn, type RowContext } from '../formats/import-format.ts'
import { ImportFileError } from '../import-file-error.ts'
import type { ImportInput, OpenedImport, ParsedRow } from '../import-rows.ts'
import { readCsvRecords } from './csv-records.ts'
import { type Detected, detectFormat } from './detect-format.ts'
import { type ByteCounter, storedBytes, storedSize, tooLarge, unpackedBytes } from './input-bytes.ts'
import { readJsonItems } from './json-items.ts'
import { decodeText } from './text-decoder.ts'
import { readXmlItems } from './xml-items.ts'

/**
 * Opens an import: reads the first 64 KB to detect the format (ADR 013 §2), refusing a file that is
 * empty, binary, too large or of no format we know, and returns the rows as a re-readable stream. Each
 * `rows()` reads the file again from the start, gzip, encoding and all; nothing but the current chunk and
 * the row being mapped is held in memory.
 */

export interface OpenImportOptions {
  /** Today in UTC (tests fix it): dates after it are in the future. */
  today?: string
}

const PREFIX_CHARS = 64 * 1024

function textOf(input: ImportInput, counter: ByteCounter): AsyncGenerator<string> {
  return decodeText(unpackedBytes(storedBytes(input, counter)))
}

async function readPrefix(text: AsyncGenerator<string>): Promise<string> {
  let prefix = ''
  try {
    for await (const chunk of text) {
      prefix += chunk
      if (prefix.length >= PREFIX_CHARS) break
    }
  } finally {
    await text.return(undefined)
  }
  return prefix
}

/** A data row with more values than the header is misaligned (an unquoted delimiter); fewer, cut short. */
function csvShapeProblem(fields: string[], header: string[]): string | undefined {
  if (fields.length < header.length)
    return `This line has ${fields.length} values where the header has ${header.length}: a value or a delimiter is missing`
  if (fields.length > header.length && fields.slice(header.length).some((field) => field.trim() !== ''))
    return `This line has ${fields.length} values where the header has ${header.length}: a value with a delimiter in it needs quotes`
  return undefined
}

async function* csvRows(
  detected: Extract<Detected, { syntax: 'csv' }>,
  text: AsyncIterable<string>,
  context: RowContext,
) {
  const map = detected.format.mapper(context)
  const columns = detected.header.map(normaliseColumn)
  let headerSeen = false
  for await (const record of readCsvRecords(text, detected.sniffed)) {
    if (!headerSeen) {
      headerSeen = true
      continue
    }
    if (record.error) {
      yield {
        kind: 'rejected',
        line: record.line,
        number: null,
        name: null,
        message: record.error,
      } satisfies ParsedRow
      continue
    }
    if (record.fields.every((field) => field.trim() === '')) continue
    const problem = csvShapeProblem(record.fields, detected.header)
    const row: Record<string, string> = {}
    columns.forEach((column, index) => {
      // The first of two columns with one name wins (Brickset's flags may repeat a name).
      if (!(column in row)) row[column] = record.fields[index] ?? ''
    })
    if (problem) {
      const [first] = map(row as CsvRow, record.line)
      yield {
        kind: 'rejected',
        line: record.line,
        number: numberOf(first),
        name: nameOf(first),
        message: problem,
      } satisfies ParsedRow
      continue
    }
    yield* map(row as CsvRow, record.line)
  }
}

const numberOf = (row: ParsedRow | undefined) =>
  row && 'number' in row ? row.number : row?.kind === 'retail-prices' ? row.setNumber : null
const nameOf = (row: ParsedRow | undefined) => (row && 'name' in row ? row.name : null)

const noRows = () =>
  new ImportFileError(
    'This file has no rows under its header: there is nothing to import.',
    'IMPORT_FILE_NO_ROWS',
  )

async function* recordsOf(
  detected: Detected,
  text: AsyncIterable<string>,
  context: RowContext,
): AsyncGenerator<ParsedRow> {
  if (detected.syntax === 'csv') yield* csvRows(detected, text, context)
  else if (detected.syntax === 'xml') {
    const map = detected.format.mapper(context)
    for await (const item of readXmlItems(text)) yield* map(item.fields, item.line)
  } else {
    const map = detected.format.mapper(context)
    for await (const item of readJsonItems(text)) yield* map(item.value, item.line)
  }
}

async function* rowsOf(
  detected: Detected,
  text: AsyncIterable<string>,
  context: RowContext,
): AsyncGenerator<ParsedRow> {
  // Rebrickable's downloads are read together by the Rebrickable importer, not as rows.
  if (detected.syntax === 'csv' && detected.rebrickableFile) return
  let rows = 0
  for await (const row of recordsOf(detected, text, context)) {
    rows++
    yield row
  }
  if (rows === 0) throw noRows()
}

export async function openImport(input: ImportInput, options: OpenImportOptions = {}): Promise<OpenedImport> {
  const size = await storedSize(input)
  if (size > MAX_IMPORT_BYTES) throw tooLarge('This file is')
  const counter: ByteCounter = { bytes: 0 }
  const prefix = await readPrefix(textOf(input, counter))
  if (prefix.trim() === '')
    throw new ImportFileError(
      'The file is empty: choose the file your export made, or paste its contents.',
      'IMPORT_FILE_EMPTY',
    )
  const detected = await detectFormat(prefix)
  const context: RowContext = { today: options.today ?? todayUtc() }
  return {
    format: detected.format.format,
    size,
    dateOrder: detected.format.dateOrder,
    rebrickableFile: detected.syntax === 'csv' ? detected.rebrickableFile : null,
    bytesRead: () => counter.bytes,
    rows: () => ({
      [Symbol.asyncIterator]: () => {
        counter.bytes = 0
        return rowsOf(detected, textOf(input, counter), context)
      },
    }),
  }
}
