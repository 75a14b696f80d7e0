import { describe, expect, it } from 'vitest'
import { ariaSort, nextSort, parseSortOption, sortOptions } from './collection-sort.ts'

describe('sorting by column headers', () => {
  it('starts names A to Z and amounts biggest first, then flips on a second click', () => {
    const start = { sort: 'added', direction: 'desc' } as const
    expect(nextSort(start, 'name')).toEqual({ sort: 'name', direction: 'asc' })
    expect(nextSort(start, 'value')).toEqual({ sort: 'value', direction: 'desc' })
    expect(nextSort({ sort: 'value', direction: 'desc' }, 'value')).toEqual({
      sort: 'value',
      direction: 'asc',
    })
    expect(nextSort({ sort: 'value', direction: 'asc' }, 'value')).toEqual({
      sort: 'value',
      direction: 'desc',
    })
  })

  it('offers the narrow layout a list of sorts that always holds the current one', () => {
    expect(sortOptions({ sort: 'added', direction: 'desc' })[0]).toEqual({
      value: 'added:desc',
      label: 'Recently added',
    })
    expect(sortOptions({ sort: 'value', direction: 'asc' }).at(-1)).toEqual({
      value: 'value:asc',
      label: 'Value (ascending)',
    })
    expect(parseSortOption('pnl:asc')).toEqual({ sort: 'pnl', direction: 'asc' })
    expect(parseSortOption('colour:asc')).toBeUndefined()
    expect(parseSortOption('pnl:up')).toBeUndefined()
  })

  it('marks only the sorted column for assistive technology', () => {
    const current = { sort: 'pnl', direction: 'asc' } as const
    expect(ariaSort(current, 'pnl')).toBe('ascending')
    expect(ariaSort({ ...current, direction: 'desc' }, 'pnl')).toBe('descending')
    expect(ariaSort(current, 'name')).toBe('none')
  })
})
