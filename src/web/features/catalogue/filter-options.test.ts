import { describe, expect, it } from 'vitest'
import type { Theme } from '#shared/contract/catalogue.ts'
import { setThemeOptions, yearOptions } from './filter-options.ts'

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
})
