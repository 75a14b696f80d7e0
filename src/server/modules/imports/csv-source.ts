import { createReadStream, existsSync } from 'node:fs'
import path from 'node:path'
import { createGunzip } from 'node:zlib'
import { parse } from 'csv-parse'

export interface RowProblem {
  file: string
  line: number
  message: string
}

export interface CsvRow {
  record: Record<string, string>
  line: number
}

/** `<dir>/<name>.csv.gz`, else `<dir>/<name>.csv`, else undefined. */
export function findCsvFile(dir: string, name: string): string | undefined {
  for (const candidate of [`${name}.csv.gz`, `${name}.csv`]) {
    const file = path.join(dir, candidate)
    if (existsSync(file)) return file
  }
  return undefined
}

/**
 * Streams a CSV file (gzipped or not, CRLF or LF, quoted fields) as header-keyed records with
 * their line numbers. A malformed record is passed to `onProblem` and skipped.
 */
export async function* readCsv(
  file: string,
  onProblem: (problem: RowProblem) => void,
): AsyncGenerator<CsvRow> {
  const fileName = path.basename(file)
  const input = createReadStream(file)
  const parser = parse({
    columns: true,
    bom: true,
    info: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      onProblem({
        file: fileName,
        line: Number(error?.lines ?? 0),
        message: error?.message ?? 'Malformed CSV record',
      })
      return undefined
    },
  })
  const stream = file.endsWith('.gz') ? input.pipe(createGunzip()) : input
  stream.on('error', (error: Error) => parser.destroy(error))
  stream.pipe(parser)
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>
    info: { lines: number }
  }>) {
    yield { record, line: info.lines }
  }
}
