import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { PriceByCondition, PriceHistory, SalesList } from '#shared/contract/market.ts'
import type { Grade, PriceRange } from '#shared/contract/values.ts'
import { apiRequest } from '#web/lib/api.ts'
import { invalidateMarket, itemPath, MARKET_STALE_MS, priceSummaryQuery } from '#web/lib/item-market.ts'
import { historyBehind } from './price-history-chart.ts'

/** Sales shown per page of the Sales History tab ('Load more' fetches the next). */
export const SALES_PAGE_SIZE = 50
/**
 * An item's market data (the default query function turns each key into its URL). Every key of one
 * item starts with its path, so a sale recorded, verified or deleted refreshes them all.
 */
export const marketQueries = {
  summary: priceSummaryQuery,
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

/** The summary; when it stops updating, the item's other market answers are asked again too. */
export function usePriceSummary(itemId: number) {
  const queryClient = useQueryClient()
  const query = useQuery(marketQueries.summary(itemId))
  const updating = query.data?.updating ?? false
  const wasUpdating = useRef(updating)
  useEffect(() => {
    if (wasUpdating.current && !updating) void invalidateMarket(queryClient, itemId)
    wasUpdating.current = updating
  }, [updating, queryClient, itemId])
  return query
}

export function usePriceByCondition(itemId: number, enabled: boolean) {
  return useQuery({ ...marketQueries.byCondition(itemId), enabled })
}

/**
 * The history of a range and grade, asked again when the summary shows a later recompute of the grade than the
 * history was read at: a history answer read before a recompute (a slow one, or one kept from earlier) would
 * otherwise leave the chart a step behind the fair price beside it until it goes stale, since no `updating`
 * summary came before it to refresh both.
 */
export function usePriceHistory(itemId: number, range: PriceRange, grade: Grade, enabled: boolean) {
  const history = useQuery({ ...marketQueries.history(itemId, range, grade), enabled })
  const recomputedAt = useQuery({ ...marketQueries.summary(itemId), enabled }).data?.[grade].updatedAt
  const behind = historyBehind(history.data?.updatedAt, recomputedAt)
  const { refetch } = history
  useEffect(() => {
    if (behind) void refetch()
  }, [behind, refetch])
  return history
}
