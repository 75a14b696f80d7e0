import type { DateOrder, ImportFormat } from '#shared/contract/values.ts'
import type { ParsedRow, RebrickableFile } from '../import-rows.ts'

/**
 * What a format module declares: how its files are recognised (header columns, or XML root and tags) and
 * how one record becomes rows. Detection (read/detect-format.ts) tries them in the registry's order.
 */

/** What a row mapper may need besides the record: today (no future dates, the catalogue's year limit). */
export interface RowContext {
  today: string
}

/** A CSV record by its header's columns, normalised (normaliseColumn): 'qty owned' → '2'. */
export type CsvRow = Readonly<Record<string, string | undefined>>

/** A fresh mapper per pass over the file: some count earlier rows (BrickEconomy's copies, repeated lots). */
export type RowMapper<Record> = (record: Record, line: number) => ParsedRow[]

interface FormatBase {
  format: ImportFormat
  /** The day order the source's own convention fixes (Brickset dmy, BrickLink mdy), else null. */
  dateOrder: DateOrder | null
}

export interface CsvFormat extends FormatBase {
  syntax: 'csv'
  /** Whether a header (its normalised column names) is this format's. */
  recognise(columns: ReadonlySet<string>): boolean
  /** Columns a file of this format must have, as the source names them (matched case-insensitively). */
  required(columns: ReadonlySet<string>): readonly string[]
  /** For Rebrickable's downloads: which file this header is. */
  rebrickableFile?(columns: ReadonlySet<string>): RebrickableFile | null
  mapper(context: RowContext): RowMapper<CsvRow>
}

export interface XmlFormat extends FormatBase {
  syntax: 'xml'
  /** Whether a document with this root element (upper case) and these tags near its start is this format's. */
  recognise(root: string, tags: ReadonlySet<string>): boolean
  mapper(context: RowContext): RowMapper<Readonly<Record<string, string | undefined>>>
}

export interface JsonFormat extends FormatBase {
  syntax: 'json'
  mapper(context: RowContext): RowMapper<unknown>
}

export type FormatDefinition = CsvFormat | XmlFormat | JsonFormat

/** A header cell as a column key: no BOM, quotes or surrounding spaces, lower case, single spaces. */
export function normaliseColumn(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
}

/** The columns of `wanted` (as the source names them) that a header lacks. */
export function missingColumns(columns: ReadonlySet<string>, wanted: readonly string[]): string[] {
  return wanted.filter((column) => !columns.has(normaliseColumn(column)))
}
