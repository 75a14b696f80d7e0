import { describe, expect, it } from 'vitest'
import { pageCount } from '#web/components/ui/paging.ts'
import { PAGE_SIZE } from './collection-params.ts'
import { itemCountText, showingText } from './collection-texts.ts'

describe('pages and counts', () => {
  it("writes 'Showing x to y of M items'", () => {
    expect(showingText(1, 45)).toBe('Showing 1 to 20 of 45 items')
    expect(showingText(3, 45)).toBe('Showing 41 to 45 of 45 items')
    expect(showingText(1, 1)).toBe('Showing 1 to 1 of 1 item')
    expect(showingText(1, 0)).toBe('')
    expect(showingText(2, 7, 5)).toBe('Showing 6 to 7 of 7 items')
  })

  it('has at least one page', () => {
    expect(pageCount(0, PAGE_SIZE)).toBe(1)
    expect(pageCount(20, PAGE_SIZE)).toBe(1)
    expect(pageCount(21, PAGE_SIZE)).toBe(2)
  })

  it('counts items in the banner', () => {
    expect(itemCountText(1)).toBe('1 item in your collection')
    expect(itemCountText(12)).toBe('12 items in your collection')
    expect(itemCountText(6, 5)).toBe('6 items in your collection · 5 entries')
  })
})
