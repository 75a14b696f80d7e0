import { cacheKey, type ReadCache } from '#server/lib/read-cache.ts'
import type { PriceRange } from '#shared/contract/values.ts'

const prices = (itemId: number) => `prices:${itemId}:`

/** Read-cache keys of an item's price answers; a sale of the item forgets exactly them (`prices`). */
export const marketCache = {
  prices,
  summary: (itemId: number) => `${prices(itemId)}summary`,
  byCondition: (itemId: number) => `${prices(itemId)}conditions`,
  history: (itemId: number, query: { range: PriceRange; grade: 'new' | 'used' }) =>
    cacheKey(`${prices(itemId)}history`, query),
}

/** After a sale's recompute here or in another instance: those items' price answers are read again. */
export function forgetPrices(readCache: ReadCache, itemIds: readonly number[]): void {
  for (const itemId of itemIds) readCache.forget(prices(itemId))
}
