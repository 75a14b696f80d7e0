/**
 * Pure rules of My Collection (spec 01 §2): the list's parameters and how they live in the URL, the
 * sortable columns, the 'Showing x to y of M items' line, and the analytics page's range and shares.
 * Amounts stay decimal strings (pounds) until the currency provider formats them.
 */
import Big from 'big.js'
import type { CollectionQuery } from '#shared/contract/collections.ts'
import {
  COLLECTION_FILTERS,
  COLLECTION_SORTS,
  type CollectionFilter,
  type CollectionSort,
  isOneOf,
  PORTFOLIO_RANGES,
  type PortfolioRange,
  type SortDirection,
} from '#shared/contract/values.ts'
import { parseAmount } from '#shared/money.ts'
import { percentOf, plural } from '#web/lib/format.ts'

export const PAGE_SIZE = 20
/** The search box waits this long after the last keystroke before it filters the list. */
export const COLLECTION_SEARCH_DEBOUNCE_MS = 300

export interface CollectionParams {
  page: number
  filter: CollectionFilter
  query: string
  sort: CollectionSort
  direction: SortDirection
}

export const DEFAULT_COLLECTION_PARAMS: CollectionParams = {
  page: 1,
  filter: 'all',
  query: '',
  sort: 'added',
  direction: 'desc',
}

/** The filter chips: what the collection is, then how it is doing. */
export const TYPE_FILTERS: ReadonlyArray<{ value: CollectionFilter; label: string }> = [
  { value: 'all', label: 'All Items' },
  { value: 'sets', label: 'Sets' },
  { value: 'minifigs', label: 'Minifigures' },
]
export const PERFORMANCE_FILTERS: ReadonlyArray<{ value: CollectionFilter; label: string }> = [
  { value: 'gainers', label: 'Gainers' },
  { value: 'decliners', label: 'Decliners' },
]

const isFilter = (value: string | null): value is CollectionFilter => isOneOf(COLLECTION_FILTERS, value)
const isSort = (value: string | null): value is CollectionSort => isOneOf(COLLECTION_SORTS, value)

/** The list's parameters from the URL's query; anything unknown falls back to the default. */
export function parseCollectionParams(search: string): CollectionParams {
  const query = new URLSearchParams(search)
  const page = Number(query.get('page'))
  const filter = query.get('filter')
  const sort = query.get('sort')
  const direction = query.get('direction')
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    filter: isFilter(filter) ? filter : 'all',
    query: (query.get('q') ?? '').trim().slice(0, 100),
    sort: isSort(sort) ? sort : DEFAULT_COLLECTION_PARAMS.sort,
    direction:
      direction === 'asc' || direction === 'desc'
        ? direction
        : defaultDirection(isSort(sort) ? sort : 'added'),
  }
}

/** The URL query for the parameters ('' for the defaults), defaults left out. */
export function collectionSearch(params: CollectionParams): string {
  const query = new URLSearchParams()
  if (params.query) query.set('q', params.query)
  if (params.filter !== 'all') query.set('filter', params.filter)
  if (params.sort !== DEFAULT_COLLECTION_PARAMS.sort || params.direction !== defaultDirection(params.sort)) {
    query.set('sort', params.sort)
    query.set('direction', params.direction)
  }
  if (params.page > 1) query.set('page', String(params.page))
  const text = query.toString()
  return text ? `?${text}` : ''
}

/** What GET /api/collections is asked for one page of the list. */
export function collectionApiQuery(params: CollectionParams, pageSize = PAGE_SIZE): Partial<CollectionQuery> {
  return {
    limit: pageSize,
    offset: (params.page - 1) * pageSize,
    filter: params.filter === 'all' ? undefined : params.filter,
    query: params.query || undefined,
    sort: params.sort,
    direction: params.direction,
  }
}

/** Names sort A to Z first; amounts, quantities, conditions and dates the biggest (best, newest) first. */
export function defaultDirection(sort: CollectionSort): SortDirection {
  return sort === 'name' ? 'asc' : 'desc'
}

/** A click on a column header: a new column starts in its natural direction; the same column flips. */
export function nextSort(
  current: Pick<CollectionParams, 'sort' | 'direction'>,
  column: CollectionSort,
): Pick<CollectionParams, 'sort' | 'direction'> {
  if (current.sort !== column) return { sort: column, direction: defaultDirection(column) }
  return { sort: column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
}

export function ariaSort(
  current: Pick<CollectionParams, 'sort' | 'direction'>,
  column: CollectionSort,
): 'ascending' | 'descending' | 'none' {
  if (current.sort !== column) return 'none'
  return current.direction === 'asc' ? 'ascending' : 'descending'
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** 'Showing 1 to 20 of 45 items' (spec 01 §2); '' when there is nothing to show. */
export function showingText(page: number, total: number, pageSize = PAGE_SIZE): string {
  if (total <= 0) return ''
  const first = Math.min((page - 1) * pageSize + 1, total)
  const last = Math.min(page * pageSize, total)
  return `Showing ${first} to ${last} of ${total} ${total === 1 ? 'item' : 'items'}`
}

/** The item-count banner above the summary cards. */
export function itemCountText(totalItems: number, entries = totalItems): string {
  const text = `${plural(totalItems, 'item', 'items')} in your collection`
  return entries === totalItems ? text : `${text} · ${plural(entries, 'entry', 'entries')}`
}

/** Shares of a whole as percentages with one decimal ('0.0' for everything when the whole is 0). */
export function shares(amounts: ReadonlyArray<string>): string[] {
  const total = amounts.reduce((sum, amount) => sum.plus(parseAmount(amount) ?? 0), new Big(0)).toString()
  return amounts.map((amount) => percentOf(amount, total, 1) ?? '0.0')
}

export const DEFAULT_PORTFOLIO_RANGE: PortfolioRange = '1y'

export function parsePortfolioRange(search: string): PortfolioRange {
  const range = new URLSearchParams(search).get('range')
  return isOneOf(PORTFOLIO_RANGES, range) ? range : DEFAULT_PORTFOLIO_RANGE
}

/** Allocation rows with their shares: of the value when anything is priced, else of the cost. */
export function allocationRows<Row extends { value: string; costBasis: string }>(
  rows: readonly Row[],
): { basis: 'value' | 'costBasis'; rows: Array<Row & { amount: string; percent: string }> } {
  const priced = rows.some((row) => (parseAmount(row.value) ?? new Big(0)).gt(0))
  const basis = priced ? 'value' : 'costBasis'
  const percents = shares(rows.map((row) => row[basis]))
  return {
    basis,
    rows: rows.map((row, index) => ({ ...row, amount: row[basis], percent: percents[index] ?? '0.0' })),
  }
}

/** The sort choices of the narrow layout, whose cards have no column headers to click. */
export const SORT_OPTIONS: ReadonlyArray<{ value: `${CollectionSort}:${SortDirection}`; label: string }> = [
  { value: 'added:desc', label: 'Recently added' },
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'value:desc', label: 'Value (highest first)' },
  { value: 'pnl:desc', label: 'P&L (best first)' },
  { value: 'pnl:asc', label: 'P&L (worst first)' },
  { value: 'change:desc', label: 'Change 24h (best first)' },
  { value: 'cost:desc', label: 'Cost basis (highest first)' },
  { value: 'quantity:desc', label: 'Quantity (most first)' },
  { value: 'condition:desc', label: 'Condition (best first)' },
]

const SORT_NAMES: Record<CollectionSort, string> = {
  added: 'Date added',
  name: 'Name',
  condition: 'Condition',
  quantity: 'Quantity',
  cost: 'Cost basis',
  value: 'Value',
  pnl: 'P&L',
  change: 'Change 24h',
}

/** The narrow layout's choices, with the current sort among them even when a header chose it. */
export function sortOptions(current: Pick<CollectionParams, 'sort' | 'direction'>) {
  const value = `${current.sort}:${current.direction}` as const
  if (SORT_OPTIONS.some((option) => option.value === value)) return SORT_OPTIONS
  const label = `${SORT_NAMES[current.sort]} (${current.direction === 'asc' ? 'ascending' : 'descending'})`
  return [...SORT_OPTIONS, { value, label }]
}

export function parseSortOption(value: string): Pick<CollectionParams, 'sort' | 'direction'> | undefined {
  const [sort, direction] = value.split(':')
  if (!isSort(sort ?? null) || (direction !== 'asc' && direction !== 'desc')) return undefined
  return { sort: sort as CollectionSort, direction }
}
