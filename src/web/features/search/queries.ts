import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { SearchResult } from '#shared/contract/catalogue.ts'
import { SEARCH_LIMIT } from './search-logic.ts'

type SearchAnswer = { results: SearchResult[] }

/** The query text is in the key, so an older answer never lands on a newer query. */
const searchKey = (query: string, limit: number) => ['/api/search/items', { query, limit }] as const

/** The item search (the search box, the add dialog's search, a set by its number). */
export const searchQueries = {
  /** Keeps showing the last results while the next ones load, rather than flickering. */
  items: (query: string) =>
    queryOptions<SearchAnswer>({
      queryKey: searchKey(query, SEARCH_LIMIT),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  /** The set with this number ('75192-1', or '75192' for its first version): exact matches rank first. */
  setByNumber: (number: string) =>
    queryOptions<SearchAnswer, Error, SearchResult | null>({
      queryKey: searchKey(number, 5),
      staleTime: 5 * 60_000,
      select: ({ results }) => {
        const wanted = number.toLowerCase()
        return (
          results.find(
            (result) =>
              result.type === 'set' &&
              (result.number.toLowerCase() === wanted || result.number.toLowerCase() === `${wanted}-1`),
          ) ?? null
        )
      },
    }),
}

export function useItemSearch(query: string, enabled: boolean) {
  return useQuery({ ...searchQueries.items(query), enabled })
}
