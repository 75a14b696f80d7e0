import { describe, expect, it } from 'vitest'
import type { Alert } from '#shared/contract/alerts.ts'
import { FALLBACK_RATES_PER_USD } from '#shared/money.ts'
import {
  DEFAULT_WATCHLIST_PARAMS,
  parseWatchlistParams,
  WATCHLIST_PAGE_SIZE,
  type WatchlistParams,
  watchlistPage,
  watchlistSearch,
} from './watchlist-view.ts'

// 0.8 pounds and 0.9 euros to the dollar: £40 is €45.00.
const rates = { ...FALLBACK_RATES_PER_USD, GBP: '0.8', EUR: '0.9' }

let nextId = 1
function alert(values: Partial<Alert> & { name?: string; number?: string } = {}): Alert {
  const id = values.id ?? nextId++
  const { name = `Set ${id}`, number = `${1000 + id}-1`, ...rest } = values
  return {
    id,
    itemId: id,
    item: { id, number, name, slug: `${number}-x`, imageUrl: null, type: 'set' },
    conditionId: 1,
    condition: 'New/Sealed',
    grade: 'new',
    direction: 'below',
    thresholdValue: '30.00',
    currency: 'GBP',
    active: true,
    pausedUntil: null,
    lastTriggered: null,
    // Later ids are newer, as the database gives them.
    createdAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    fairPriceGbp: null,
    fairPriceUpdatedAt: null,
    fairPriceBasis: 'none',
    rearmsPast: null,
    ...rest,
  }
}

const params = (values: Partial<WatchlistParams> = {}) => ({ ...DEFAULT_WATCHLIST_PARAMS, ...values })
const ids = (list: readonly Alert[]) => list.map((each) => each.id)

describe("the watchlist's parameters in the URL", () => {
  it('reads what it wrote, and leaves the defaults out', () => {
    const asked = { query: 'falcon', filter: 'reached', sort: 'closest', page: 3 } as const
    expect(watchlistSearch(asked)).toBe('?q=falcon&filter=reached&sort=closest&page=3')
    expect(parseWatchlistParams(watchlistSearch(asked))).toEqual(asked)
    expect(watchlistSearch(DEFAULT_WATCHLIST_PARAMS)).toBe('')
  })

  it('falls back to the defaults for anything unknown', () => {
    expect(parseWatchlistParams('?filter=fired&sort=price&page=0')).toEqual(DEFAULT_WATCHLIST_PARAMS)
    expect(parseWatchlistParams('?page=2.5').page).toBe(1)
  })
})

describe('the alerts one watchlist page shows', () => {
  it('finds alerts by every word of the item number and name, without case or accents', () => {
    const list = [
      alert({ id: 1, name: 'Millennium Falcon', number: '75192-1' }),
      alert({ id: 2, name: 'Pokémon Pikachu', number: '72151-1' }),
      alert({ id: 3, name: 'Falcon Fighter', number: '6000-1' }),
    ]
    expect(ids(watchlistPage(list, params({ query: 'falcon' }), rates).alerts)).toEqual([3, 1])
    expect(ids(watchlistPage(list, params({ query: 'FALCON 75192' }), rates).alerts)).toEqual([1])
    expect(ids(watchlistPage(list, params({ query: 'pokemon' }), rates).alerts)).toEqual([2])
    expect(watchlistPage(list, params({ query: 'castle' }), rates)).toMatchObject({ alerts: [], matching: 0 })
  })

  it('keeps the active, the paused, or those whose price has reached the threshold', () => {
    const list = [
      alert({ id: 1, fairPriceGbp: '29.99' }),
      alert({ id: 2, active: false, fairPriceGbp: '30.00' }),
      alert({ id: 3, fairPriceGbp: '30.01' }),
      alert({ id: 4, direction: 'above', thresholdValue: '40', fairPriceGbp: '40.00' }),
      alert({ id: 5 }),
      // £40 is €45.00: an above-alert at €45 is reached, compared in euros.
      alert({ id: 6, direction: 'above', currency: 'EUR', thresholdValue: '45', fairPriceGbp: '40.00' }),
    ]
    expect(ids(watchlistPage(list, params({ filter: 'active' }), rates).alerts)).toEqual([6, 5, 4, 3, 1])
    expect(ids(watchlistPage(list, params({ filter: 'paused' }), rates).alerts)).toEqual([2])
    expect(ids(watchlistPage(list, params({ filter: 'reached' }), rates).alerts)).toEqual([6, 4, 2, 1])
  })

  it('counts what each filter keeps of what the search leaves, whichever filter is on, for the chips', () => {
    const list = [
      alert({ id: 1, name: 'Millennium Falcon', fairPriceGbp: '29.99' }),
      alert({ id: 2, name: 'Falcon Fighter', active: false, fairPriceGbp: '30.00' }),
      alert({ id: 3, name: 'Falcon Cruiser', fairPriceGbp: '30.01' }),
      alert({ id: 4, name: 'Castle', fairPriceGbp: '10.00' }),
    ]
    expect(watchlistPage(list, params({}), rates).counts).toEqual({
      all: 4,
      active: 3,
      paused: 1,
      reached: 3,
    })
    expect(watchlistPage(list, params({ query: 'falcon', filter: 'paused' }), rates)).toMatchObject({
      counts: { all: 3, active: 2, paused: 1, reached: 2 },
      matching: 1,
    })
    expect(watchlistPage(list, params({ query: 'castle', filter: 'paused' }), rates)).toMatchObject({
      counts: { all: 1, active: 1, paused: 0, reached: 1 },
      matching: 0,
    })
  })

  it('sorts by how much of the threshold the price still has to go, reached first and no price last', () => {
    const list = [
      alert({ id: 1 }),
      // 10% above a below-threshold of £30.
      alert({ id: 2, fairPriceGbp: '33.00' }),
      // 5% short of an above-threshold of £100: closer than 10%, though £5 is more than £3.
      alert({ id: 3, direction: 'above', thresholdValue: '100', fairPriceGbp: '95.00' }),
      alert({ id: 4, fairPriceGbp: '12.00' }),
      // 1/30 is 3.33%: closer than 5%.
      alert({ id: 5, fairPriceGbp: '31.00' }),
      alert({ id: 6, fairPriceGbp: '30.00' }),
      alert({ id: 7 }),
    ]
    expect(ids(watchlistPage(list, params({ sort: 'closest' }), rates).alerts)).toEqual([6, 4, 5, 3, 2, 7, 1])
  })

  it('sorts by name with numbers in order, and by newest otherwise', () => {
    const list = [
      alert({ id: 1, name: 'Bricks', number: '3-1' }),
      alert({ id: 2, name: 'Castle 10', number: '10-1' }),
      alert({ id: 3, name: 'castle 9', number: '9-1' }),
    ]
    expect(ids(watchlistPage(list, params({ sort: 'name' }), rates).alerts)).toEqual([1, 3, 2])
    expect(ids(watchlistPage(list, params(), rates).alerts)).toEqual([3, 2, 1])
  })

  it('pages by 50, and shows the last page when asked past it', () => {
    const list = Array.from({ length: WATCHLIST_PAGE_SIZE + 3 }, () => alert())
    const first = watchlistPage(list, params(), rates)
    expect(first).toMatchObject({ matching: 53, page: 1, totalPages: 2 })
    expect(first.alerts).toHaveLength(50)
    const last = watchlistPage(list, params({ page: 9 }), rates)
    expect(last).toMatchObject({ page: 2, totalPages: 2 })
    expect(ids(last.alerts)).toEqual(ids(list.slice(0, 3)).reverse())
  })
})
