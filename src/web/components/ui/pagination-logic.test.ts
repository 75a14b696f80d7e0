import { describe, expect, it } from 'vitest'
import { pageSlots } from './pagination-logic.ts'

describe('pageSlots', () => {
  it('shows nothing for one page and every page up to seven', () => {
    expect(pageSlots(1, 0)).toEqual([])
    expect(pageSlots(1, 1)).toEqual([])
    expect(pageSlots(2, 3)).toEqual([1, 2, 3])
    expect(pageSlots(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('keeps the first and last page with gaps around the current one', () => {
    expect(pageSlots(1, 20)).toEqual([1, 2, 3, 4, 5, 'end-gap', 20])
    expect(pageSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 'end-gap', 20])
    expect(pageSlots(5, 20)).toEqual([1, 'start-gap', 4, 5, 6, 'end-gap', 20])
    expect(pageSlots(17, 20)).toEqual([1, 'start-gap', 16, 17, 18, 19, 20])
    expect(pageSlots(20, 20)).toEqual([1, 'start-gap', 16, 17, 18, 19, 20])
  })

  it('never shows more than seven slots, and clamps a page out of range', () => {
    for (let page = 1; page <= 30; page++) expect(pageSlots(page, 30).length).toBeLessThanOrEqual(7)
    expect(pageSlots(99, 10)).toEqual([1, 'start-gap', 6, 7, 8, 9, 10])
  })
})
