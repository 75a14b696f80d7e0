import { describe, expect, it } from 'vitest'
import type { DateOrder } from '#shared/contract/values.ts'
import { dateOrderProof, readDate, resolveDate } from './date-cell.ts'

const TODAY = '2026-11-24'
const read = (raw: string, order: DateOrder | null = null) =>
  readDate(raw, { column: 'Date', order, today: TODAY })

describe('readDate', () => {
  it.each([
    ['2025-03-07', '2025-03-07'],
    ['2025-03-07T14:30:00Z', '2025-03-07'],
    ['2025-03-07 14:30:00', '2025-03-07'],
    ['2025-3-7', '2025-03-07'],
    ['2025/03/07', '2025-03-07'],
    ['Mar 7, 2025', '2025-03-07'],
    ['7 March 2025', '2025-03-07'],
    ['7th Mar 2025', '2025-03-07'],
  ])('reads %s as %s whatever the file’s order', (raw, iso) => {
    expect(read(raw)).toEqual({ kind: 'iso', iso, raw })
  })

  it("reads a slash date by the file's own convention", () => {
    expect(read('31/12/2022', 'dmy')).toEqual({ kind: 'iso', iso: '2022-12-31', raw: '31/12/2022' })
    expect(read('3/14/2024 10:15:00 AM', 'mdy')).toEqual({
      kind: 'iso',
      iso: '2024-03-14',
      raw: '3/14/2024 10:15:00 AM',
    })
    expect(read('03/07/2025', 'dmy')).toMatchObject({ iso: '2025-07-03' })
    expect(read('03/07/2025', 'mdy')).toMatchObject({ iso: '2025-03-07' })
  })

  it('leaves a slash or dot date ambiguous when the file has no convention', () => {
    expect(read('03/07/2025')).toEqual({
      kind: 'ambiguous',
      first: 3,
      second: 7,
      year: 2025,
      raw: '03/07/2025',
    })
    expect(read('3.7.2025')).toEqual({ kind: 'ambiguous', first: 3, second: 7, year: 2025, raw: '3.7.2025' })
    expect(read('25/12/2023')).toMatchObject({ kind: 'ambiguous', first: 25, second: 12 })
    expect(read('3/7/25')).toMatchObject({ kind: 'ambiguous', year: 2025 })
    expect(read('3/7/98')).toMatchObject({ kind: 'ambiguous', year: 1998 })
  })

  it('is null when empty', () => {
    expect(read('')).toBeNull()
    expect(read('  ')).toBeNull()
  })

  it('rejects what is no real date, a future date, or no date at all', () => {
    expect(() => read('31/02/2024', 'dmy')).toThrow('Date "31/02/2024" is not a real date')
    expect(() => read('2026-02-29')).toThrow('is not a real date')
    expect(() => read('31/02/2024')).toThrow('Date "31/02/2024" is not a real date')
    expect(() => read('2026-11-25')).toThrow('Date "2026-11-25" is in the future')
    expect(() => read('25/12/2031')).toThrow('is in the future')
    expect(() => read('1948-05-01')).toThrow('is before 1949')
    expect(() => read('yesterday')).toThrow('Date "yesterday" is not a date')
    expect(() => read('13/13/2024')).toThrow('is not a real date')
  })
})

describe('dateOrderProof and resolveDate', () => {
  it('proves the order from a part above 12, and nothing from a cell that fits both', () => {
    expect(dateOrderProof(read('25/12/2023'))).toBe('dmy')
    expect(dateOrderProof(read('12/25/2023'))).toBe('mdy')
    expect(dateOrderProof(read('03/07/2025'))).toBeNull()
    expect(dateOrderProof(read('2025-03-07'))).toBeNull()
    expect(dateOrderProof(null)).toBeNull()
  })

  it('resolves an ambiguous cell with the order, and says why when that order makes no day', () => {
    const cell = read('03/07/2025')
    if (!cell) throw new Error('expected a cell')
    expect(resolveDate(cell, 'dmy', TODAY)).toEqual({ ok: true, day: '2025-07-03' })
    expect(resolveDate(cell, 'mdy', TODAY)).toEqual({ ok: true, day: '2025-03-07' })
    const dayFirst = read('25/12/2023')
    if (!dayFirst) throw new Error('expected a cell')
    expect(resolveDate(dayFirst, 'mdy', TODAY)).toEqual({
      ok: false,
      message: 'The date "25/12/2023" read as month/day/year is not a real date',
    })
    const late = read('11/12/2026')
    if (!late) throw new Error('expected a cell')
    expect(resolveDate(late, 'dmy', TODAY)).toEqual({
      ok: false,
      message: 'The date "11/12/2026" read as day/month/year is in the future',
    })
    expect(resolveDate({ kind: 'iso', iso: '2025-01-01', raw: '2025-01-01' }, 'mdy', TODAY)).toEqual({
      ok: true,
      day: '2025-01-01',
    })
  })
})
