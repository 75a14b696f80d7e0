import { describe, expect, it } from 'vitest'
import type { Theme } from '#shared/contract/catalogue.ts'
import {
  EMPTY_LIST_PARAMS,
  listSearch,
  minifigThemeNames,
  PAGE_SIZE,
  pageCount,
  pageOffset,
  parseListParams,
  setThemeOptions,
  showingMinifiguresText,
  showingSetsText,
  yearOptions,
} from './catalogue-logic.ts'

describe('counts and texts', () => {
  it('uses 50 per page', () => {
    expect(PAGE_SIZE).toBe(50)
    expect(pageCount(0)).toBe(1)
    expect(pageCount(50)).toBe(1)
    expect(pageCount(51)).toBe(2)
    expect(pageOffset(1)).toBe(0)
    expect(pageOffset(3)).toBe(100)
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

describe('filters', () => {
  it('offers the current year back through the last 30 years', () => {
    const years = yearOptions(2026)
    expect(years).toHaveLength(30)
    expect(years[0]).toBe(2026)
    expect(years.at(-1)).toBe(1997)
  })

  it('shows each theme with its category, sorted by category with the top-level theme first', () => {
    const themes: Theme[] = [
      { id: 171, name: 'Ultimate Collector Series', parentId: 158, category: 'Star Wars' },
      { id: 58, name: 'Fire', parentId: 52, category: 'City' },
      { id: 158, name: 'Star Wars', parentId: null, category: 'Star Wars' },
      { id: 52, name: 'City', parentId: null, category: 'City' },
      { id: 697, name: 'Batman', parentId: 695, category: 'Super Heroes DC' },
      { id: 695, name: 'Super Heroes DC', parentId: null, category: 'Super Heroes DC' },
    ]
    expect(setThemeOptions(themes)).toEqual([
      { value: '52', label: 'City' },
      { value: '58', label: 'Fire (City)' },
      { value: '158', label: 'Star Wars' },
      { value: '171', label: 'Ultimate Collector Series (Star Wars)' },
      { value: '695', label: 'Super Heroes DC' },
      { value: '697', label: 'Batman (Super Heroes DC)' },
    ])
  })

  it("builds the minifigures' theme list from their theme names, distinct and sorted", () => {
    expect(
      minifigThemeNames([{ theme: 'Star Wars' }, { theme: 'City' }, { theme: 'Star Wars' }, { theme: ' ' }]),
    ).toEqual(['City', 'Star Wars'])
  })
})

describe('URL state', () => {
  it('reads filters and page, ignoring malformed values', () => {
    expect(parseListParams('')).toEqual(EMPTY_LIST_PARAMS)
    expect(parseListParams('?query=%20falcon%20&theme=171&year=2017&page=3')).toEqual({
      ...EMPTY_LIST_PARAMS,
      query: 'falcon',
      theme: '171',
      year: '2017',
      page: 3,
    })
    expect(parseListParams('?year=abc&page=-2')).toEqual(EMPTY_LIST_PARAMS)
    expect(parseListParams('?page=1.5').page).toBe(1)
    expect(parseListParams('?set=75192-1').set).toBe('75192-1')
  })

  it('writes only what differs from the defaults', () => {
    expect(listSearch(EMPTY_LIST_PARAMS)).toBe('')
    expect(listSearch({ ...EMPTY_LIST_PARAMS, theme: '171', page: 1 })).toBe('?theme=171')
    expect(listSearch({ ...EMPTY_LIST_PARAMS, query: 'x wing', year: '2017', page: 2 })).toBe(
      '?query=x+wing&year=2017&page=2',
    )
  })

  it('round-trips', () => {
    const state = { query: 'falcon', theme: 'Star Wars', year: '2015', page: 4, set: '75192-1' }
    expect(parseListParams(listSearch(state))).toEqual(state)
  })
})
