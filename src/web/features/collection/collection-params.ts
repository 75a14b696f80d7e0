/**
 * My Collection's list parameters (spec 01 §2): search, filter, sort and page, how they live in the
 * URL and what the API is asked for one page.
 */
import type { CollectionQuery } from '#shared/contract/collections.ts'
import {
  COLLECTION_FILTERS,
  COLLECTION_SORTS,
  type CollectionFilter,
  isOneOf,
  SORT_DIRECTIONS,
} from '#shared/contract/values.ts'
import { defaultDirection, type SortState } from './collection-sort.ts'

export const PAGE_SIZE = 20
/** The search box waits this long after the last keystroke before it filters the list. */
export const COLLECTION_SEARCH_DEBOUNCE_MS = 300

export interface CollectionParams extends SortState {
  page: number
  filter: CollectionFilter
  query: string
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

/** The list's parameters from the URL's query; anything unknown falls back to the default. */
export function parseCollectionParams(search: string): CollectionParams {
  const query = new URLSearchParams(search)
  const page = Number(query.get('page'))
  const filter = query.get('filter')
  const sort = query.get('sort')
  const direction = query.get('direction')
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    filter: isOneOf(COLLECTION_FILTERS, filter) ? filter : 'all',
    query: (query.get('q') ?? '').trim().slice(0, 100),
    sort: isOneOf(COLLECTION_SORTS, sort) ? sort : DEFAULT_COLLECTION_PARAMS.sort,
    direction: isOneOf(SORT_DIRECTIONS, direction)
      ? direction
      : defaultDirection(isOneOf(COLLECTION_SORTS, sort) ? sort : 'added'),
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
