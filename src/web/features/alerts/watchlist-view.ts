/**
 * Ours (spec 02 §2 lists the alerts only): the watchlist's search, filter, sort and page, how they live in the
 * URL, and which alerts one page shows. A user has at most 500 alerts and GET /api/me/alerts answers all of
 * them, so the list is cut here rather than by the server.
 */
import Big from 'big.js'
import type { Alert } from '#shared/contract/alerts.ts'
import { isOneOf } from '#shared/contract/values.ts'
import { parseAmount, type RatesPerUsd } from '#shared/money.ts'
import { pageCount, pageOffset } from '#web/components/ui/paging.ts'
import { standing } from './alert-texts.ts'

export const WATCHLIST_PAGE_SIZE = 50
/** The search box waits this long after the last keystroke before it filters the list. */
export const WATCHLIST_SEARCH_DEBOUNCE_MS = 200

export const WATCHLIST_FILTERS = ['all', 'active', 'paused', 'reached'] as const
export type WatchlistFilter = (typeof WATCHLIST_FILTERS)[number]
export const WATCHLIST_SORTS = ['newest', 'closest', 'name'] as const
export type WatchlistSort = (typeof WATCHLIST_SORTS)[number]

export const FILTER_CHIPS: ReadonlyArray<{ value: WatchlistFilter; label: string }> = [
  { value: 'all', label: 'All alerts' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'reached', label: 'Price reached' },
]
export const SORT_OPTIONS: ReadonlyArray<{ value: WatchlistSort; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'closest', label: 'Closest to threshold' },
  { value: 'name', label: 'Name' },
]

export interface WatchlistParams {
  query: string
  filter: WatchlistFilter
  sort: WatchlistSort
  page: number
}

export const DEFAULT_WATCHLIST_PARAMS: WatchlistParams = { query: '', filter: 'all', sort: 'newest', page: 1 }

/** The list's parameters from the URL's query; anything unknown falls back to the default. */
export function parseWatchlistParams(search: string): WatchlistParams {
  const query = new URLSearchParams(search)
  const page = Number(query.get('page'))
  const filter = query.get('filter')
  const sort = query.get('sort')
  return {
    query: (query.get('q') ?? '').trim().slice(0, 100),
    filter: isOneOf(WATCHLIST_FILTERS, filter) ? filter : DEFAULT_WATCHLIST_PARAMS.filter,
    sort: isOneOf(WATCHLIST_SORTS, sort) ? sort : DEFAULT_WATCHLIST_PARAMS.sort,
    page: Number.isInteger(page) && page >= 1 && page <= 1_000 ? page : 1,
  }
}

/** The URL query for the parameters ('' for the defaults), defaults left out. */
export function watchlistSearch(params: WatchlistParams): string {
  const query = new URLSearchParams()
  if (params.query) query.set('q', params.query)
  if (params.filter !== DEFAULT_WATCHLIST_PARAMS.filter) query.set('filter', params.filter)
  if (params.sort !== DEFAULT_WATCHLIST_PARAMS.sort) query.set('sort', params.sort)
  if (params.page > 1) query.set('page', String(params.page))
  const text = query.toString()
  return text ? `?${text}` : ''
}

/** Lower case without accents, so 'pokemon' finds 'Pokémon'. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/**
 * How far an alert's price still has to go, as a share of its threshold: 0 once reached, null without a
 * price. Compared as the engine compares (in the threshold's currency, exactly).
 */
function gapShare(alert: Alert, rates: RatesPerUsd): Big | null {
  const where = standing(alert, rates)
  if (where === null) return null
  if (where.reached) return new Big(0)
  const threshold = parseAmount(alert.thresholdValue)
  return threshold?.gt(0) ? new Big(where.gap).div(threshold) : null
}

const byName = (a: Alert, b: Alert) =>
  a.item.name.localeCompare(b.item.name, 'en', { sensitivity: 'base', numeric: true }) ||
  a.item.number.localeCompare(b.item.number, 'en', { numeric: true })

/** Newest first, as the API answers, and the tie-break of the other orders. */
const byNewest = (a: Alert, b: Alert) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id

/** Which alerts each filter keeps, given how far each one's price still has to go (`gapShare`). */
const IN_FILTER: Record<WatchlistFilter, (alert: Alert, share: Big | null) => boolean> = {
  all: () => true,
  active: (alert) => alert.active,
  paused: (alert) => !alert.active,
  reached: (_alert, share) => share?.eq(0) ?? false,
}

export interface WatchlistPage {
  /** The alerts of the page asked for (or of the last page, when asked past it). */
  alerts: Alert[]
  /** How many alerts the search and filter leave, over all pages. */
  matching: number
  /** How many alerts the search leaves in each filter: the count on its chip. */
  counts: Record<WatchlistFilter, number>
  page: number
  totalPages: number
}

/**
 * The alerts the search (item name or number) and the filter leave, in the order asked for, cut to one page,
 * and how many the search leaves in each filter.
 * 'Price reached' is today's fair price at or past the threshold; 'Closest to threshold' puts those first,
 * then the rest by the share of the threshold still to go, and alerts without a price last.
 */
export function watchlistPage(
  alerts: readonly Alert[],
  params: WatchlistParams,
  rates: RatesPerUsd,
): WatchlistPage {
  const words = folded(params.query).split(/\s+/).filter(Boolean)
  const shares = new Map(alerts.map((alert) => [alert.id, gapShare(alert, rates)]))
  const searched = alerts.filter((alert) => {
    const text = folded(`${alert.item.number} ${alert.item.name}`)
    return words.every((word) => text.includes(word))
  })
  const inFilter = (filter: WatchlistFilter) =>
    searched.filter((alert) => IN_FILTER[filter](alert, shares.get(alert.id) ?? null))
  const counts = Object.fromEntries(
    WATCHLIST_FILTERS.map((filter) => [filter, inFilter(filter).length]),
  ) as Record<WatchlistFilter, number>
  const matching = inFilter(params.filter)
  // `matching` is filter's own new array: sorted in place.
  const sorted = matching.sort((a, b) => {
    if (params.sort === 'name') return byName(a, b) || byNewest(a, b)
    if (params.sort === 'closest') {
      const left = shares.get(a.id) ?? null
      const right = shares.get(b.id) ?? null
      if (left === null || right === null) {
        if (left !== right) return left === null ? 1 : -1
      } else if (!left.eq(right)) return left.cmp(right)
    }
    return byNewest(a, b)
  })
  const totalPages = pageCount(sorted.length, WATCHLIST_PAGE_SIZE)
  const page = Math.min(params.page, totalPages)
  const start = pageOffset(page, WATCHLIST_PAGE_SIZE)
  return {
    alerts: sorted.slice(start, start + WATCHLIST_PAGE_SIZE),
    matching: sorted.length,
    counts,
    page,
    totalPages,
  }
}
