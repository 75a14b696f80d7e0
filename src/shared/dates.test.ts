import { describe, expect, it } from 'vitest'
import {
  addDays,
  DAY_PATTERN,
  daysBetween,
  defaultPastDay,
  EARLIEST_DAY,
  isFutureDay,
  isRealDay,
  localDay,
  todayUtc,
} from './dates.ts'

describe('today', () => {
  it('is the UTC day, on either side of midnight UTC', () => {
    expect(todayUtc(new Date('2026-03-10T00:00:00.000Z'))).toBe('2026-03-10')
    expect(todayUtc(new Date('2026-03-10T23:59:59.999Z'))).toBe('2026-03-10')
    expect(todayUtc(new Date('2026-03-11T00:00:00.000Z'))).toBe('2026-03-11')
    expect(todayUtc(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31')
  })

  it('writes the local day as YYYY-MM-DD with padded month and day', () => {
    const now = new Date(2026, 0, 5, 12)
    expect(localDay(now)).toBe('2026-01-05')
    expect(localDay(now)).toMatch(DAY_PATTERN)
  })
})

describe('day arithmetic', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-03-10', 0)).toBe('2026-03-10')
  })

  it('counts whole days between two days, negative backwards', () => {
    expect(daysBetween('2026-06-01', '2026-06-30')).toBe(29)
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1)
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9)
    expect(daysBetween('2026-03-10', addDays('2026-03-10', 400))).toBe(400)
  })
})

describe('the past-date rule', () => {
  it('knows real days from impossible ones', () => {
    expect(isRealDay('2026-01-31')).toBe(true)
    expect(isRealDay('2028-02-29')).toBe(true)
    expect(isRealDay('2026-02-29')).toBe(false)
    expect(isRealDay('2026-02-30')).toBe(false)
    expect(isRealDay('2026-13-01')).toBe(false)
    expect(isRealDay('not a day')).toBe(false)
  })

  it('calls a day future only after today in UTC', () => {
    expect(isFutureDay('2026-03-11', '2026-03-10')).toBe(true)
    expect(isFutureDay('2026-03-10', '2026-03-10')).toBe(false)
    expect(isFutureDay('2026-03-09', '2026-03-10')).toBe(false)
    expect(isFutureDay(addDays(todayUtc(), 1))).toBe(true)
    expect(isFutureDay(todayUtc())).toBe(false)
  })

  it('starts in 1949', () => {
    expect(EARLIEST_DAY).toBe('1949-01-01')
    expect(DAY_PATTERN.test('1949-01-01')).toBe(true)
    expect(DAY_PATTERN.test('1949-1-1')).toBe(false)
  })
})

describe('the default date of a form', () => {
  it('starts on the user’s today, never on a day the server calls future', () => {
    // Evening west of Greenwich: already tomorrow in UTC; the user's today is earlier, and allowed.
    const evening = new Date('2026-03-10T23:30:00Z')
    expect(defaultPastDay(evening) <= '2026-03-10').toBe(true)
    // Whatever the machine's zone, the default is never after the UTC day.
    for (const iso of ['2026-03-10T00:10:00Z', '2026-03-10T12:00:00Z', '2026-03-10T23:50:00Z']) {
      const now = new Date(iso)
      expect(defaultPastDay(now) <= now.toISOString().slice(0, 10)).toBe(true)
    }
  })

  it('is the earlier of the local and the UTC day', () => {
    for (const iso of ['2026-03-10T00:10:00Z', '2026-03-10T23:50:00Z']) {
      const now = new Date(iso)
      const expected = localDay(now) < todayUtc(now) ? localDay(now) : todayUtc(now)
      expect(defaultPastDay(now)).toBe(expected)
    }
  })
})
