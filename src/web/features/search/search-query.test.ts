import { describe, expect, it } from 'vitest'
import { isSearchable, noResultsText, SEARCH_BLUR_CLOSE_MS, SEARCH_LIMIT } from './search-query.ts'

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

describe('texts and images', () => {
  it('quotes the query in the no-results text', () => {
    expect(noResultsText(' boba fett ')).toBe('No items found for "boba fett"')
  })
})
