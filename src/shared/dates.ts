/**
 * Days, the one way (DESIGN §10): a day is a calendar date in UTC written 'YYYY-MM-DD', the day the
 * server keeps sales, purchases, prices and rates on. Pure, so the server and the browser share it.
 */

export const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The past-date rule of purchase and sale dates (the contract's `pastDaySchema` words it): a real day
 * (`isRealDay`), not before EARLIEST_DAY, not in the future (`isFutureDay`).
 */
export const EARLIEST_DAY = '1949-01-01'

/** The shape of a day, e.g. '2026-01-31' (whether it is a real date is `isRealDay`). */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`)

/** Today in UTC. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/** This year in UTC: the latest release year the catalogue accepts and its year filters offer. */
export function currentYearUtc(now: Date = new Date()): number {
  return now.getUTCFullYear()
}

/** Today on the user's own clock, which may be a day behind or ahead of UTC. */
export function localDay(now: Date = new Date()): string {
  return [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('-')
}

/** 'YYYY-MM-DD' plus `days` (negative to go back). */
export function addDays(day: string, days: number): string {
  return new Date(dayStart(day) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to) - dayStart(from)) / DAY_MS)
}

/** A day that exists on the calendar: '2026-02-29' does not, '2028-02-29' does. */
export function isRealDay(day: string): boolean {
  const start = dayStart(day)
  return !Number.isNaN(start) && new Date(start).toISOString().startsWith(day)
}

/** After today in UTC: the server's "future". */
export function isFutureDay(day: string, today: string = todayUtc()): boolean {
  return day > today
}

/**
 * The date a form starts with: the user's own today, unless that is already tomorrow in UTC (east of
 * Greenwich just after midnight), where the server would call it a future date.
 */
export function defaultPastDay(now: Date = new Date()): string {
  const local = localDay(now)
  const utc = todayUtc(now)
  return local < utc ? local : utc
}
