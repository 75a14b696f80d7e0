import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { PriceSummaryResponse } from '#shared/contract/market.ts'

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

/**
 * Prices move only when a sale is recorded; others' sales show up within this long, or at once on an item the
 * user has an alert on (the live stream's prices event refreshes it).
 */
export const MARKET_STALE_MS = 30_000
/**
 * How often the summary is asked again while the server says it is updating: a sale's prices are recomputed
 * just after it is committed (within a second, DESIGN §5).
 */
const UPDATING_POLL_MS = 400

/**
 * An item's fair-price summary per grade (the default query function turns the key into its URL): the item
 * page's, and the Set Price Alert modal's price beside the threshold.
 */
export const priceSummaryQuery = (itemId: number) =>
  queryOptions<PriceSummaryResponse>({
    queryKey: [`${itemPath(itemId)}price-summary`] as const,
    staleTime: MARKET_STALE_MS,
    refetchInterval: (query) => (query.state.data?.updating ? UPDATING_POLL_MS : false),
  })
