import { useInfiniteQuery } from '@tanstack/react-query'
import { marketQueries } from './market-queries.ts'

/**
 * The item's sales, newest first, a page at a time. (Apart from the other market hooks: the infinite
 * query's code loads with the Sales History tab, not with the item page.)
 */
export function useSales(itemId: number) {
  return useInfiniteQuery(marketQueries.sales(itemId))
}
