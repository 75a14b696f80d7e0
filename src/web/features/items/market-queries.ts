import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query'
import type { Condition } from '#shared/contract/catalogue.ts'
import type { PriceByCondition, PriceHistory, PriceSummaryResponse } from '#shared/contract/market.ts'
import type { Grade, PriceRange } from '#shared/contract/values.ts'

/** Sales shown per page of the Sales History tab ('Load more' fetches the next). */
export const SALES_PAGE_SIZE = 20
/** Prices move only when a sale is recorded; others' sales show up within this long. */
export const MARKET_STALE_MS = 30_000

export const itemPath = (itemId: number) => `/api/items/${itemId}/`

/**
 * Query keys of an item's market data (the default query function turns each into its URL). Every
 * key of one item starts with its path, so a sale recorded, verified or deleted refreshes them all.
 */
export const marketQueries = {
  summary: (itemId: number) => [`${itemPath(itemId)}price-summary`] as const,
  byCondition: (itemId: number) => [`${itemPath(itemId)}price-by-condition`] as const,
  history: (itemId: number, range: PriceRange, grade: Grade) =>
    [`${itemPath(itemId)}price-history`, { range, grade }] as const,
  sales: (itemId: number) => [`${itemPath(itemId)}sales`, { limit: SALES_PAGE_SIZE }] as const,
  conditions: (category: 'set' | 'minifig') => ['/api/conditions', { category }] as const,
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
  return useQuery<PriceSummaryResponse>({
    queryKey: marketQueries.summary(itemId),
    staleTime: MARKET_STALE_MS,
  })
}

export function usePriceByCondition(itemId: number, enabled: boolean) {
  return useQuery<PriceByCondition>({
    queryKey: marketQueries.byCondition(itemId),
    staleTime: MARKET_STALE_MS,
    enabled,
  })
}

/** The chart keeps showing the previous range while the next one loads. */
export function usePriceHistory(itemId: number, range: PriceRange, grade: Grade, enabled: boolean) {
  return useQuery<PriceHistory>({
    queryKey: marketQueries.history(itemId, range, grade),
    staleTime: MARKET_STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useConditions(category: 'set' | 'minifig', enabled: boolean) {
  return useQuery<Condition[]>({
    queryKey: marketQueries.conditions(category),
    staleTime: 5 * 60_000,
    enabled,
  })
}
