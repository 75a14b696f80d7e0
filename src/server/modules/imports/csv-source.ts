import { existsSync } from 'node:fs'
import path from 'node:path'
import { readCsvRecords } from './read/csv-records.ts'
import { storedBytes, unpackedBytes } from './read/input-bytes.ts'
import { decodeText } from './read/text-decoder.ts'

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
 * Streams a comma-separated file (gzipped or not, any encoding the import readers know, CRLF or LF, quoted
 * fields) as header-keyed records with the line each starts on, through the import's own CSV reader
 * (read/). A record whose number of values differs from the header's is passed to `onProblem` and skipped;
 * a file that is cut off, binary or too large throws an ImportFileError.
 */
export async function* readCsv(
  file: string,
  onProblem: (problem: RowProblem) => void,
): AsyncGenerator<CsvRow> {
  const fileName = path.basename(file)
  const text = decodeText(unpackedBytes(storedBytes({ kind: 'file', path: file, fileName }, { bytes: 0 })))
  let header: string[] | undefined
  for await (const { fields, line, error } of readCsvRecords(text, { delimiter: ',', skipLines: 0 })) {
    if (!header) {
      header = fields.map((column) => column.trim())
      continue
    }
    if (error || fields.length !== header.length) {
      const message = error ?? `has ${fields.length} values where the header has ${header.length}`
      onProblem({ file: fileName, line, message })
      continue
    }
    const record: Record<string, string> = {}
    header.forEach((column, index) => {
      record[column] = fields[index] as string
    })
    yield { record, line }
  }
}
