import { describe, expect, it } from 'vitest'
import {
  allocationRows,
  ariaSort,
  collectionApiQuery,
  collectionSearch,
  DEFAULT_COLLECTION_PARAMS,
  itemCountText,
  nextSort,
  pageCount,
  parseCollectionParams,
  parsePortfolioRange,
  parseSortOption,
  shares,
  showingText,
  sortOptions,
} from './collection-logic.ts'

describe('list parameters in the URL', () => {
  it('reads defaults from an empty query and ignores what it does not know', () => {
    expect(parseCollectionParams('')).toEqual(DEFAULT_COLLECTION_PARAMS)
    expect(parseCollectionParams('?page=0&filter=robots&sort=colour&direction=up')).toEqual(
      DEFAULT_COLLECTION_PARAMS,
    )
    expect(parseCollectionParams('?page=2.5')).toMatchObject({ page: 1 })
  })

  it('round-trips every parameter, leaving defaults out of the URL', () => {
    const params = { page: 3, filter: 'gainers', query: 'falcon', sort: 'pnl', direction: 'asc' } as const
    const search = collectionSearch(params)
    expect(search).toBe('?q=falcon&filter=gainers&sort=pnl&direction=asc&page=3')
    expect(parseCollectionParams(search)).toEqual(params)
    expect(collectionSearch(DEFAULT_COLLECTION_PARAMS)).toBe('')
    // A column in its natural direction still names both, so the URL says what it shows.
    expect(collectionSearch({ ...DEFAULT_COLLECTION_PARAMS, sort: 'name', direction: 'asc' })).toBe(
      '?sort=name&direction=asc',
    )
  })

  it('asks the API for the page, with "all" and an empty search left out', () => {
    expect(collectionApiQuery({ ...DEFAULT_COLLECTION_PARAMS, page: 3 })).toEqual({
      limit: 20,
      offset: 40,
      filter: undefined,
      query: undefined,
      sort: 'added',
      direction: 'desc',
    })
    expect(collectionApiQuery({ ...DEFAULT_COLLECTION_PARAMS, filter: 'sets', query: 'ucs' })).toMatchObject({
      filter: 'sets',
      query: 'ucs',
    })
  })
})

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

describe('pages and counts', () => {
  it("writes 'Showing x to y of M items'", () => {
    expect(showingText(1, 45)).toBe('Showing 1 to 20 of 45 items')
    expect(showingText(3, 45)).toBe('Showing 41 to 45 of 45 items')
    expect(showingText(1, 1)).toBe('Showing 1 to 1 of 1 item')
    expect(showingText(1, 0)).toBe('')
    expect(showingText(2, 7, 5)).toBe('Showing 6 to 7 of 7 items')
  })

  it('has at least one page', () => {
    expect(pageCount(0)).toBe(1)
    expect(pageCount(20)).toBe(1)
    expect(pageCount(21)).toBe(2)
  })

  it('counts items in the banner', () => {
    expect(itemCountText(1)).toBe('1 item in your collection')
    expect(itemCountText(12)).toBe('12 items in your collection')
    expect(itemCountText(6, 5)).toBe('6 items in your collection · 5 entries')
  })
})

describe('analytics', () => {
  it('reads the analytics range from the URL, 1Y by default', () => {
    expect(parsePortfolioRange('')).toBe('1y')
    expect(parsePortfolioRange('?range=90d')).toBe('90d')
    expect(parsePortfolioRange('?range=all')).toBe('all')
    expect(parsePortfolioRange('?range=5y')).toBe('1y')
  })
})

describe('allocation', () => {
  it('shares a whole in percent with one decimal', () => {
    expect(shares(['50.00', '25.00', '25.00'])).toEqual(['50.0', '25.0', '25.0'])
    expect(shares(['1', '2'])).toEqual(['33.3', '66.7'])
    expect(shares(['0', '0'])).toEqual(['0.0', '0.0'])
  })

  it('shares by value, or by cost while nothing has a price', () => {
    const priced = allocationRows([
      { theme: 'Star Wars', value: '75.00', costBasis: '10.00' },
      { theme: 'City', value: '25.00', costBasis: '90.00' },
    ])
    expect(priced.basis).toBe('value')
    expect(priced.rows.map((row) => [row.amount, row.percent])).toEqual([
      ['75.00', '75.0'],
      ['25.00', '25.0'],
    ])
    const unpriced = allocationRows([
      { type: 'set', value: '0.00', costBasis: '30.00' },
      { type: 'minifig', value: '0.00', costBasis: '10.00' },
    ])
    expect(unpriced.basis).toBe('costBasis')
    expect(unpriced.rows.map((row) => row.percent)).toEqual(['75.0', '25.0'])
  })
})
