import { describe, expect, it } from 'vitest'
import { FALLBACK_RATES_PER_USD, formatPrice } from '#shared/money.ts'
import {
  allocationRows,
  ariaSort,
  collectionApiQuery,
  collectionSearch,
  compactAmount,
  DEFAULT_COLLECTION_PARAMS,
  formatWholeAmount,
  itemCountText,
  MINUS,
  nextSort,
  pageCount,
  parseCollectionParams,
  parsePortfolioRange,
  parseSortOption,
  shares,
  showingText,
  signedAmount,
  signedPercent,
  sortOptions,
  toneOf,
} from './collection-logic.ts'

const usd = (amount: string) => formatPrice(amount, 'USD')
const gbp = (amount: string) => formatPrice(amount, 'GBP')

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

describe('gains and losses', () => {
  it('writes a sign, never colour alone, and a dash when unknown', () => {
    expect(signedAmount('20.00', gbp)).toBe('+£20.00')
    expect(signedAmount('-8.00', gbp)).toBe(`${MINUS}£8.00`)
    expect(signedAmount('0.00', gbp)).toBe('£0.00')
    expect(signedAmount(null, gbp)).toBe('—')
    // Converted like every other amount: £73 is $100 at the built-in rates.
    expect(signedAmount('-73.00', usd)).toBe(`${MINUS}$100.00`)
  })

  it('writes percentages with two decimals and a sign', () => {
    expect(signedPercent('66.67')).toBe('+66.67%')
    expect(signedPercent('-40')).toBe(`${MINUS}40.00%`)
    expect(signedPercent('0')).toBe('0.00%')
    expect(signedPercent(null)).toBe('—')
  })

  it('tells gains from losses', () => {
    expect(toneOf('0.01')).toBe('gain')
    expect(toneOf('-0.01')).toBe('loss')
    expect(toneOf('0.00')).toBe('flat')
    expect(toneOf(null)).toBe('none')
    expect(toneOf('n/a')).toBe('none')
  })
})

describe('headline and chart amounts', () => {
  it('shows the total value in whole units of the display currency, rounded half up', () => {
    const rates = FALLBACK_RATES_PER_USD
    expect(formatWholeAmount('146.00', 'USD', rates)).toBe('$200')
    expect(formatWholeAmount('100.00', 'GBP', rates)).toBe('£100')
    expect(formatWholeAmount('100.50', 'GBP', rates)).toBe('£101')
    expect(formatWholeAmount('100.49', 'GBP', rates)).toBe('£100')
    // £40 = €46.58 at 0.85 / 0.73, shown whole.
    expect(formatWholeAmount('40.00', 'EUR', rates)).toBe('€47')
    expect(formatWholeAmount('40.00', 'JPY', rates)).toBe('¥6,027')
    expect(formatWholeAmount(null, 'USD', rates)).toBe('$0')
  })

  it('writes value-axis labels short', () => {
    expect(compactAmount(950, '$')).toBe('$950')
    expect(compactAmount(12.5, '£')).toBe('£12.5')
    expect(compactAmount(1234, '$')).toBe('$1.2k')
    expect(compactAmount(150_000, '¥')).toBe('¥150k')
    expect(compactAmount(2_500_000, '¥')).toBe('¥2.5M')
    expect(compactAmount(-1500, 'kr')).toBe(`${MINUS}kr1.5k`)
  })

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
