import { describe, expect, it } from 'vitest'
import {
  isSearchable,
  moveHighlight,
  noResultsText,
  SEARCH_BLUR_CLOSE_MS,
  SEARCH_LIMIT,
} from './search-logic.ts'

describe('isSearchable', () => {
  it('starts at 3 characters, ignoring surrounding spaces', () => {
    expect(isSearchable('')).toBe(false)
    expect(isSearchable('ab')).toBe(false)
    expect(isSearchable('  ab  ')).toBe(false)
    expect(isSearchable('abc')).toBe(true)
    expect(isSearchable(' x-wing ')).toBe(true)
  })

  it('uses the spec constants', () => {
    expect(SEARCH_LIMIT).toBe(10)
    expect(SEARCH_BLUR_CLOSE_MS).toBe(150)
  })
})

describe('moveHighlight', () => {
  it('starts from no highlight: Down goes to the first row, Up to the last', () => {
    expect(moveHighlight(-1, 1, 4)).toBe(0)
    expect(moveHighlight(-1, -1, 4)).toBe(3)
  })

  it('moves one row and wraps at both ends', () => {
    expect(moveHighlight(0, 1, 4)).toBe(1)
    expect(moveHighlight(3, 1, 4)).toBe(0)
    expect(moveHighlight(0, -1, 4)).toBe(3)
    expect(moveHighlight(2, -1, 4)).toBe(1)
  })

  it('has nothing to highlight in an empty list, and recovers from an out-of-range row', () => {
    expect(moveHighlight(-1, 1, 0)).toBe(-1)
    expect(moveHighlight(2, 1, 0)).toBe(-1)
    expect(moveHighlight(7, 1, 3)).toBe(0)
  })
})

describe('texts and images', () => {
  it('quotes the query in the no-results text', () => {
    expect(noResultsText(' boba fett ')).toBe('No items found for "boba fett"')
  })
})
