import { type CacheKey, cacheKey, type ReadCache } from '#server/lib/read-cache.ts'
import type { PriceRange } from '#shared/contract/values.ts'

/** One item's price answers: what a sale of the item, or its recompute, makes wrong. */
const prices = (itemId: number) => `prices:${itemId}`

/** Read-cache keys of an item's price answers (ADR 021). */
export const marketCache = {
  prices,
  summary: (itemId: number): CacheKey => ({ scope: prices(itemId), key: 'summary' }),
  byCondition: (itemId: number): CacheKey => ({ scope: prices(itemId), key: 'conditions' }),
  history: (itemId: number, query: { range: PriceRange; grade: 'new' | 'used' }): CacheKey => ({
    scope: prices(itemId),
    key: cacheKey('history', query),
  }),
}

/**
 * After a recompute here or in another instance (every instance hears PRICES_RECOMPUTED): those items' price
 * answers are read again.
 */
export function forgetPrices(readCache: ReadCache, itemIds: readonly number[]): void {
  for (const itemId of itemIds) readCache.forgetHere(prices(itemId))
}
