import { RowError } from '../cells/row-error.ts'
import type { ParsedRow } from '../import-rows.ts'

/**
 * Maps one record, turning a RowError (a bad cell) into a RejectedRow with the record's line, number and
 * name, so one bad row never stops the file. Any other error is a bug and propagates.
 */
export function guardRow(
  line: number,
  ref: { number: string | null; name: string | null },
  map: () => ParsedRow | ParsedRow[],
): ParsedRow[] {
  try {
    const rows = map()
    return Array.isArray(rows) ? rows : [rows]
  } catch (error) {
    if (!(error instanceof RowError)) throw error
    return [{ kind: 'rejected', line, number: ref.number, name: ref.name, message: error.message }]
  }
}

export const skipped = (
  line: number,
  ref: { number: string | null; name: string | null },
  message: string,
  target?: 'collection' | 'wanted',
): ParsedRow => ({
  kind: 'skipped',
  line,
  number: ref.number,
  name: ref.name,
  message,
  ...(target ? { target } : {}),
})

/** Why a part, a book or gear is skipped: `subject` is "Parts are", "Gear is"… */
export const notTracked = (subject: string) =>
  `${subject} not tracked: Brickfolio keeps sets and minifigures only`
