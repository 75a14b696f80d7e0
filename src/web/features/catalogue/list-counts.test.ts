import { describe, expect, it } from 'vitest'
import { pageCount, pageOffset } from '#web/components/ui/paging.ts'
import { showingMinifiguresText, showingSetsText } from './list-counts.ts'
import { PAGE_SIZE } from './list-params.ts'

describe('counts and texts', () => {
  it('uses 50 per page', () => {
    expect(PAGE_SIZE).toBe(50)
    expect(pageCount(0, PAGE_SIZE)).toBe(1)
    expect(pageCount(50, PAGE_SIZE)).toBe(1)
    expect(pageCount(51, PAGE_SIZE)).toBe(2)
    expect(pageOffset(1, PAGE_SIZE)).toBe(0)
    expect(pageOffset(3, PAGE_SIZE)).toBe(100)
  })

  it("says 'Showing x-y of N sets'", () => {
    expect(showingSetsText(1, 45, 45)).toBe('Showing 1-45 of 45 sets')
    expect(showingSetsText(2, 5, 55)).toBe('Showing 51-55 of 55 sets')
    expect(showingSetsText(1, 0, 0)).toBe('Showing 0 of 0 sets')
  })

  it("says 'Showing n of total minifigures'", () => {
    expect(showingMinifiguresText(12, 45)).toBe('Showing 12 of 45 minifigures')
  })
})
