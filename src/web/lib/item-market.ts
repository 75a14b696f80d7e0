import type { QueryClient } from '@tanstack/react-query'

/** Every key of one item's market answers starts with this path (the item itself is keyed by slug). */
export const itemPath = (itemId: number) => `/api/items/${itemId}/`

const MARKET_ANSWER = /\/(price-summary|price-by-condition|price-history|sales)$/

/**
 * Refreshes an item's sales, summary, conditions and history wherever they show: after a sale is recorded,
 * verified or deleted on the item page or in moderation, and when the live stream says a watched item's
 * prices were recomputed. Only answers on screen are asked again; the rest are marked stale.
 */
export function invalidateMarket(queryClient: QueryClient, itemId: number): Promise<void> {
  const prefix = itemPath(itemId)
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      typeof queryKey[0] === 'string' && queryKey[0].startsWith(prefix) && MARKET_ANSWER.test(queryKey[0]),
  })
}
