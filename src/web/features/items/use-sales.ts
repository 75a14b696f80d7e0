import { useInfiniteQuery } from '@tanstack/react-query'
import type { SalesList } from '#shared/contract/market.ts'
import { apiRequest } from '#web/lib/api.ts'
import { itemPath, MARKET_STALE_MS, marketQueries, SALES_PAGE_SIZE } from './market-queries.ts'

/**
 * The item's sales, newest first, a page at a time. (Apart from the other market queries: the infinite
 * query's code loads with the Sales History tab, not with the item page.)
 */
export function useSales(itemId: number) {
  return useInfiniteQuery({
    queryKey: marketQueries.sales(itemId),
    staleTime: MARKET_STALE_MS,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SalesList>('GET', `${itemPath(itemId)}sales?limit=${SALES_PAGE_SIZE}&offset=${pageParam}`, {
        signal,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.sales.length, 0)
      return last.sales.length > 0 && loaded < last.total ? loaded : undefined
    },
  })
}
