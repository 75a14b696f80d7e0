import { normaliseDecimal } from './money-cell.ts'
import { RowError } from './row-error.ts'

/** Counts, years and yes/no cells as exports write them (`1,752`, `1.000`, `True`, `t`, `Yes`). */

/** The most copies one row may hold (the collection's own limit). */
export const MAX_QUANTITY = 10_000

/** A whole number, thousands separators allowed; null when empty; throws a RowError otherwise. */
export function readInteger(raw: string | null | undefined, column: string): number | null {
  const text = (raw ?? '').trim()
  if (text === '' || /^(n\/?a|null)$/i.test(text)) return null
  const digits = /^\d[\d.,\s'’\u00a0\u202f]*$/.test(text) ? normaliseDecimal(text, true) : undefined
  // JSON and spreadsheets write whole numbers as "3.0" too.
  const whole = digits?.replace(/\.0+$/, '')
  if (whole === undefined || !/^\d+$/.test(whole))
    throw new RowError(`${column} "${text}" is not a whole number`)
  const value = Number(whole)
  if (!Number.isSafeInteger(value)) throw new RowError(`${column} "${text}" is too large`)
  return value
}

/** A count of copies: empty is `empty` (0 unless given), at most MAX_QUANTITY. */
export function readQuantity(raw: string | null | undefined, column: string, empty = 0): number {
  const value = readInteger(raw, column) ?? empty
  if (value > MAX_QUANTITY) throw new RowError(`${column} ${value} is more than ${MAX_QUANTITY} copies`)
  return value
}

const TRUE_WORDS = new Set(['true', 't', 'yes', 'y', '1', 'x', 'ja', 'oui'])
const FALSE_WORDS = new Set(['false', 'f', 'no', 'n', '0', 'nein', 'non'])

/** Yes or no; null when empty; throws a RowError for anything else. */
export function readBoolean(raw: string | null | undefined, column: string): boolean | null {
  const text = (raw ?? '').trim()
  if (text === '') return null
  const word = text.toLowerCase()
  if (TRUE_WORDS.has(word)) return true
  if (FALSE_WORDS.has(word)) return false
  throw new RowError(`${column} "${text}" is not true or false`)
}

/** A cell's text, trimmed; null when empty. */
export function readText(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim()
  return text === '' ? null : text
}
