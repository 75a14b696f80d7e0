import { parse } from 'csv-parse'
import { ImportFileError } from '../import-file-error.ts'
import type { Delimiter } from './sniff.ts'

/**
 * CSV records with the line each starts on, streamed through csv-parse (quoted delimiters and line breaks,
 * doubled quotes, stray quotes kept as text, rows of any length). The parser is fed chunk by chunk and its
 * records are collected as it goes (`on_record`), so nothing queues up inside it and a record and a broken
 * record come out in file order. The first record is the header; a record is returned as its fields.
 */
export interface CsvRecord {
  fields: string[]
  line: number
  /** Set when csv-parse could not read the record; the fields are then empty. */
  error?: string
}

/** A value in quotes that runs on longer than this has lost its closing quote. */
const MAX_RECORD_CHARS = 1_000_000

export const cutOff = (line: number) =>
  new ImportFileError(
    `The file ends in the middle of line ${line}: it looks cut off. Export it again.`,
    'IMPORT_FILE_CUT_OFF',
  )

const newlinesIn = (fields: string[]) => {
  let count = 0
  for (const field of fields)
    for (let at = field.indexOf('\n'); at !== -1; at = field.indexOf('\n', at + 1)) count++
  return count
}

interface CsvOptions {
  delimiter: Delimiter
  skipLines: number
}

export async function* readCsvRecords(
  text: AsyncIterable<string>,
  options: CsvOptions,
): AsyncGenerator<CsvRecord> {
  const ready: CsvRecord[] = []
  let fatal: Error | undefined
  const parser = parse({
    delimiter: options.delimiter,
    record_delimiter: '\n',
    from_line: options.skipLines + 1,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARS,
    on_record: (fields: string[], info) => {
      ready.push({ fields, line: info.lines - newlinesIn(fields) })
      return null
    },
    on_skip: (error) => {
      const line = Number((error as { lines?: number } | undefined)?.lines ?? 0)
      const code = (error as { code?: string } | undefined)?.code
      if (code === 'CSV_QUOTE_NOT_CLOSED') fatal ??= cutOff(line)
      else if (code === 'CSV_MAX_RECORD_SIZE')
        fatal ??= new ImportFileError(
          `A value in quotes near line ${line} never ends: a closing quote (") is missing. Fix it and import again.`,
        )
      else ready.push({ fields: [], line, error: error?.message ?? 'This line is not valid CSV' })
    },
  })
  parser.on('error', (error) => {
    fatal ??= error
  })
  parser.resume()
  let header: string[] | undefined
  let held: CsvRecord | undefined
  let endsWithNewline = true
  function* drain(): Generator<CsvRecord> {
    for (const record of ready.splice(0)) {
      header ??= record.fields
      if (held) yield held
      held = record
    }
    if (fatal) {
      // The records before the broken one are whole: hand them over, then stop.
      if (held) yield held
      held = undefined
      throw fatal
    }
  }
  try {
    for await (const chunk of text) {
      if (chunk.length === 0) continue
      endsWithNewline = chunk.endsWith('\n')
      parser.write(chunk)
      yield* drain()
    }
    await new Promise<void>((resolve) => parser.end(resolve))
    yield* drain()
    const last = held
    if (last) {
      held = undefined
      // A last record shorter than the header, with no line end after it: the export was cut short.
      if (!endsWithNewline && header && last.fields !== header && last.fields.length < header.length)
        throw cutOff(last.line)
      yield last
    }
  } finally {
    parser.destroy()
  }
}
