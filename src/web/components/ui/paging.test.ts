import { describe, expect, it } from 'vitest'
import { paginationSlots, showingRangeText } from './paging.ts'

describe('paginationSlots', () => {
  it('is empty when everything fits on one page', () => {
    expect(paginationSlots(1, 0)).toEqual([])
    expect(paginationSlots(1, 1)).toEqual([])
  })

  it('lists every page when there are at most 7', () => {
    expect(paginationSlots(1, 2)).toEqual([1, 2])
    expect(paginationSlots(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('keeps first and last with one gap near either end', () => {
    expect(paginationSlots(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20])
    expect(paginationSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20])
    expect(paginationSlots(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20])
    expect(paginationSlots(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20])
  })

  it('centres the current page with a gap on each side in the middle', () => {
    expect(paginationSlots(5, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 20])
    expect(paginationSlots(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20])
    expect(paginationSlots(16, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 'ellipsis-end', 20])
  })

  it('handles 8 pages at the switch-over points', () => {
    expect(paginationSlots(4, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8])
    expect(paginationSlots(5, 8)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8])
  })

  it('clamps an out-of-range page', () => {
    expect(paginationSlots(0, 20)).toEqual(paginationSlots(1, 20))
    expect(paginationSlots(99, 20)).toEqual(paginationSlots(20, 20))
  })

  it('never shows more than 7 slots, always includes first, last and current, in order', () => {
    for (let total = 2; total <= 40; total++) {
      for (let page = 1; page <= total; page++) {
        const slots = paginationSlots(page, total)
        expect(slots.length).toBeLessThanOrEqual(7)
        const numbers = slots.filter((slot): slot is number => typeof slot === 'number')
        expect(numbers[0]).toBe(1)
        expect(numbers.at(-1)).toBe(total)
        expect(numbers).toContain(page)
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers)
        // A gap stands for at least one hidden page.
        slots.forEach((slot, index) => {
          if (typeof slot === 'number') return
          const before = slots[index - 1] as number
          const after = slots[index + 1] as number
          expect(after - before).toBeGreaterThan(1)
        })
      }
    }
  })
})

describe('showingRangeText', () => {
  const alerts = { one: 'alert', many: 'alerts' }

  it("names the page's first and last row, and the total in the list's nouns", () => {
    expect(showingRangeText(1, 54, 50, alerts)).toBe('Showing 1 to 50 of 54 alerts')
    expect(showingRangeText(2, 54, 50, alerts)).toBe('Showing 51 to 54 of 54 alerts')
    expect(showingRangeText(1, 1, 50, alerts)).toBe('Showing 1 to 1 of 1 alert')
  })

  it('says nothing of an empty list', () => {
    expect(showingRangeText(1, 0, 50, alerts)).toBe('')
  })
})
