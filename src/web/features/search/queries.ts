import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { SearchResult } from '#shared/contract/catalogue.ts'
import { SEARCH_LIMIT } from './search-query.ts'

export const searchQueries = {
  /** The query text is in the key, so an older answer never lands on a newer query. */
  items: (query: string) => ['/api/search/items', { query, limit: SEARCH_LIMIT }] as const,
}

export function useItemSearch(query: string, enabled: boolean) {
  return useQuery<{ results: SearchResult[] }>({
    queryKey: searchQueries.items(query),
    enabled,
    // Keep showing the last results while the next ones load, rather than flickering.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}
