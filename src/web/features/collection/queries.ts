import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query'
import type { Condition, SearchResult, Theme } from '#shared/contract/catalogue.ts'
import type { CollectionPage, CollectionQuery, Portfolio } from '#shared/contract/collections.ts'
import { meKeys } from '#web/lib/auth/profile-api.ts'
import { ADD_SEARCH_LIMIT } from './collection-constants.ts'

export type PortfolioRange = Portfolio['range']
export type ItemCategory = 'set' | 'minifig'

/** Query keys of the collection feature (the default query function turns each into its URL). */
export const collectionKeys = {
  page: (query: Partial<CollectionQuery>) => ['/api/collections', query] as const,
  portfolio: (range: PortfolioRange) => ['/api/me/portfolio', { range }] as const,
  conditions: (category: ItemCategory) => ['/api/conditions', { category }] as const,
  search: (query: string) => ['/api/search/items', { query, limit: ADD_SEARCH_LIMIT }] as const,
  themes: () => ['/api/themes'] as const,
}

/** The five most valuable entries (Home, analytics): its summary comes along. */
export const MOST_VALUABLE_QUERY: Partial<CollectionQuery> = {
  limit: 5,
  offset: 0,
  sort: 'value',
  direction: 'desc',
}
/** The five newest entries (Home). */
export const RECENT_QUERY: Partial<CollectionQuery> = {
  limit: 5,
  offset: 0,
  sort: 'added',
  direction: 'desc',
}

/**
 * One page of the collection with its summary. The list is never cached as fresh (spec 01 §7): each
 * visit asks again, and the previous page stays on screen while the next one loads.
 */
export function useCollectionPage(query: Partial<CollectionQuery>, options: { enabled?: boolean } = {}) {
  return useQuery<CollectionPage>({
    queryKey: collectionKeys.page(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: options.enabled ?? true,
  })
}

export function usePortfolio(range: PortfolioRange) {
  return useQuery<Portfolio>({
    queryKey: collectionKeys.portfolio(range),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}

/** The conditions of sets or minifigures, asked for only while a form needs them (spec 01 §7). */
export function useConditions(category: ItemCategory | undefined, enabled = true) {
  return useQuery<Condition[]>({
    queryKey: collectionKeys.conditions(category ?? 'set'),
    enabled: enabled && category !== undefined,
    staleTime: 10 * 60_000,
  })
}

export function useAddSearch(query: string, enabled: boolean) {
  return useQuery<{ results: SearchResult[] }>({
    queryKey: collectionKeys.search(query),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}

export function useThemeNames(enabled: boolean) {
  return useQuery<Theme[], Error, string[]>({
    queryKey: collectionKeys.themes(),
    enabled,
    staleTime: 5 * 60_000,
    select: (themes) => [...new Set(themes.map((theme) => theme.name))].sort((a, b) => a.localeCompare(b)),
  })
}

/** After the collection changes: its lists, the analytics, and the account stats may all have moved. */
export function invalidateCollection(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const path = queryKey[0]
      return (
        path === '/api/collections' ||
        path === '/api/me/collection' ||
        path === '/api/me/portfolio' ||
        path === meKeys.stats[0]
      )
    },
  })
}

/** After an item is created: catalogue lists and searches may list it now. */
export function invalidateItemLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      typeof queryKey[0] === 'string' &&
      (queryKey[0].startsWith('/api/items') || queryKey[0].startsWith('/api/search/items')),
  })
}
