import type { DateOrder } from '#shared/contract/values.ts'
import { EARLIEST_DAY, isFutureDay, isRealDay } from '#shared/dates.ts'
import type { DateCell } from '../import-rows.ts'
import { RowError } from './row-error.ts'

/**
 * Dates as exports write them: ISO (with or without a time), Brickset's DD/MM/YYYY, BrickLink's
 * M/d/yyyy h:mm:ss AM (US Eastern: only the day is kept), month names (`Jul 3, 2025`, `3 July 2025`), and
 * slash or dot dates whose day order only the file as a whole can tell (`03/07/2025`): those stay
 * 'ambiguous' until the file proves its order (a part above 12) or the user chooses one.
 */

const ISO =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?$/i
const NUMERIC =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\.?(?:[ T,]+\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)?$/i
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MONTH_FIRST = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?\.?\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i

const pad = (value: number) => String(value).padStart(2, '0')
const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`

/** A two-digit year is this century's unless that would be in the future. */
function fullYear(text: string, today: string): number {
  const year = Number(text)
  if (text.length === 4) return year
  const thisYear = Number(today.slice(0, 4))
  return 2000 + year > thisYear ? 1900 + year : 2000 + year
}

function monthOf(name: string): number | undefined {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase())
  return index === -1 ? undefined : index + 1
}

/** Why a day cannot be a purchase or sale date, or undefined when it can. */
const NOT_REAL = 'is not a real date'

function dayProblem(day: string, today: string): string | undefined {
  if (!isRealDay(day)) return NOT_REAL
  if (day < EARLIEST_DAY) return `is before ${EARLIEST_DAY.slice(0, 4)}`
  if (isFutureDay(day, today)) return 'is in the future'
  return undefined
}

const ordered = (cell: { first: number; second: number; year: number }, order: DateOrder) =>
  order === 'dmy' ? dayOf(cell.year, cell.second, cell.first) : dayOf(cell.year, cell.first, cell.second)

export interface DateReadOptions {
  column: string
  /** The day order the file's convention fixes (Brickset dmy, BrickLink mdy); null: the file must prove it. */
  order: DateOrder | null
  today: string
}

/** A date cell: null when empty; throws a RowError when it is no date, not a real one, or in the future. */
export function readDate(raw: string | null | undefined, options: DateReadOptions): DateCell | null {
  const text = (raw ?? '').trim()
  if (text === '' || /^(n\/?a|null)$/i.test(text)) return null
  const fail = (problem: string) => new RowError(`${options.column} "${text}" ${problem}`)
  const settled = (day: string): DateCell => {
    const problem = dayProblem(day, options.today)
    if (problem) throw fail(problem)
    return { kind: 'iso', iso: day, raw: text }
  }
  const iso = ISO.exec(text)
  if (iso) return settled(dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3])))
  const monthFirstMatch = MONTH_FIRST.exec(text)
  const named = monthFirstMatch ?? DAY_FIRST.exec(text)
  if (named) {
    const monthFirst = named === monthFirstMatch
    const month = monthOf((monthFirst ? named[1] : named[2]) as string)
    if (!month) throw fail('is not a date')
    return settled(dayOf(Number(named[3]), month, Number(monthFirst ? named[2] : named[1])))
  }
  const numeric = NUMERIC.exec(text)
  if (!numeric) throw fail('is not a date')
  const cell = {
    first: Number(numeric[1]),
    second: Number(numeric[2]),
    year: fullYear(numeric[3] as string, options.today),
  }
  if (options.order) return settled(ordered(cell, options.order))
  const problems = (['dmy', 'mdy'] as const).map((order) => dayProblem(ordered(cell, order), options.today))
  // Neither order gives a day: say the more telling problem (a real day in the future over no day at all).
  if (problems.every(Boolean)) throw fail(problems.find((problem) => problem !== NOT_REAL) ?? NOT_REAL)
  return { kind: 'ambiguous', ...cell, raw: text }
}

/** The day order a cell proves: a first part above 12 can only be a day, and so can a second one. */
export function dateOrderProof(cell: DateCell | null): DateOrder | null {
  if (cell?.kind !== 'ambiguous') return null
  if (cell.first > 12 && cell.second <= 12) return 'dmy'
  if (cell.second > 12 && cell.first <= 12) return 'mdy'
  return null
}

export type ResolvedDate = { ok: true; day: string } | { ok: false; message: string }

/**
 * The day a cell means once the file's day order is known; `{ ok: false }` with a sentence when that order
 * makes it no real date, or a future one (the row is then rejected).
 */
export function resolveDate(cell: DateCell, order: DateOrder, today: string): ResolvedDate {
  if (cell.kind === 'iso') return { ok: true, day: cell.iso }
  const day = ordered(cell, order)
  const problem = dayProblem(day, today)
  if (!problem) return { ok: true, day }
  const reading = order === 'dmy' ? 'day/month/year' : 'month/day/year'
  return { ok: false, message: `The date "${cell.raw}" read as ${reading} ${problem}` }
}
