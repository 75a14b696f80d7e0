import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
} from '@tanstack/react-query'
import type {
  PriceByCondition,
  PriceHistory,
  PriceSummaryResponse,
  SalesList,
} from '#shared/contract/market.ts'
import type { Grade, PriceRange } from '#shared/contract/values.ts'
import { apiRequest } from '#web/lib/api.ts'

/** Sales shown per page of the Sales History tab ('Load more' fetches the next). */
export const SALES_PAGE_SIZE = 50
/** Prices move only when a sale is recorded; others' sales show up within this long. */
export const MARKET_STALE_MS = 30_000

export const itemPath = (itemId: number) => `/api/items/${itemId}/`

/**
 * An item's market data (the default query function turns each key into its URL). Every key of one
 * item starts with its path, so a sale recorded, verified or deleted refreshes them all.
 */
export const marketQueries = {
  summary: (itemId: number) =>
    queryOptions<PriceSummaryResponse>({
      queryKey: [`${itemPath(itemId)}price-summary`] as const,
      staleTime: MARKET_STALE_MS,
    }),
  byCondition: (itemId: number) =>
    queryOptions<PriceByCondition>({
      queryKey: [`${itemPath(itemId)}price-by-condition`] as const,
      staleTime: MARKET_STALE_MS,
    }),
  /** The chart keeps showing the previous range while the next one loads. */
  history: (itemId: number, range: PriceRange, grade: Grade) =>
    queryOptions<PriceHistory>({
      queryKey: [`${itemPath(itemId)}price-history`, { range, grade }] as const,
      staleTime: MARKET_STALE_MS,
      placeholderData: keepPreviousData,
    }),
  /** The item's sales, newest first, a page at a time. */
  sales: (itemId: number) =>
    infiniteQueryOptions({
      queryKey: [`${itemPath(itemId)}sales`, { limit: SALES_PAGE_SIZE }] as const,
      staleTime: MARKET_STALE_MS,
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        apiRequest<SalesList>(
          'GET',
          `${itemPath(itemId)}sales?limit=${SALES_PAGE_SIZE}&offset=${pageParam}`,
          { signal },
        ),
      getNextPageParam: (last: SalesList, pages: SalesList[]) => {
        const loaded = pages.reduce((count, page) => count + page.sales.length, 0)
        return last.sales.length > 0 && loaded < last.total ? loaded : undefined
      },
    }),
}

/** After a sale is recorded, verified or deleted: the item's sales, summary, conditions and history. */
export function invalidateMarket(queryClient: QueryClient, itemId: number): Promise<void> {
  const prefix = itemPath(itemId)
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      typeof queryKey[0] === 'string' &&
      queryKey[0].startsWith(prefix) &&
      // Only the market answers (the item itself is keyed by slug).
      /\/(price-summary|price-by-condition|price-history|sales)$/.test(queryKey[0]),
  })
}

export function usePriceSummary(itemId: number) {
  return useQuery(marketQueries.summary(itemId))
}

export function usePriceByCondition(itemId: number, enabled: boolean) {
  return useQuery({ ...marketQueries.byCondition(itemId), enabled })
}

export function usePriceHistory(itemId: number, range: PriceRange, grade: Grade, enabled: boolean) {
  return useQuery({ ...marketQueries.history(itemId, range, grade), enabled })
}
