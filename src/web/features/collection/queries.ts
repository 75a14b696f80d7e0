import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { CollectionPage, CollectionQuery, Portfolio } from '#shared/contract/collections.ts'
import { meQueries } from '#web/lib/auth/me-queries.ts'

export type PortfolioRange = Portfolio['range']

/** The signed-in user's collection (the default query function turns each key into its URL). */
export const collectionQueries = {
  /**
   * One page of the collection with its summary. The list is never cached as fresh (spec 01 §7): each
   * visit asks again, and the previous page stays on screen while the next one loads.
   */
  page: (query: Partial<CollectionQuery>) =>
    queryOptions<CollectionPage>({
      queryKey: ['/api/collections', query] as const,
      placeholderData: keepPreviousData,
      staleTime: 0,
      meta: { valuedByProfile: true },
    }),
  portfolio: (range: PortfolioRange) =>
    queryOptions<Portfolio>({
      queryKey: ['/api/me/portfolio', { range }] as const,
      placeholderData: keepPreviousData,
      staleTime: 0,
      meta: { valuedByProfile: true },
    }),
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

export function useCollectionPage(query: Partial<CollectionQuery>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...collectionQueries.page(query), enabled: options.enabled ?? true })
}

export function usePortfolio(range: PortfolioRange) {
  return useQuery(collectionQueries.portfolio(range))
}

/** After the collection changes: its lists, the analytics, and the account stats may all have moved. */
export function invalidateCollection(queryClient: QueryClient): Promise<void> {
  const paths = new Set<unknown>([
    collectionQueries.page({}).queryKey[0],
    '/api/me/collection',
    collectionQueries.portfolio('1y').queryKey[0],
    meQueries.stats().queryKey[0],
  ])
  return queryClient.invalidateQueries({ predicate: ({ queryKey }) => paths.has(queryKey[0]) })
}
