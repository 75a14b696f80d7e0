import { type CacheKey, cacheKey } from '#server/lib/read-cache.ts'
import type { ListItemsQuery, SearchItemsQuery } from '#shared/contract/catalogue.ts'

/** One scope for the whole catalogue: an item's name or picture shows in lists, search and pages alike. */
export const CATALOGUE_SCOPE = 'catalogue'
const catalogue = (key: string): CacheKey => ({ scope: CATALOGUE_SCOPE, key })

/**
 * Read-cache keys of the catalogue's answers (ADR 021). A catalogue write clears the whole cache in every
 * instance (`readCache.clear()`).
 */
export const itemsCache = {
  list: (query: ListItemsQuery) => catalogue(cacheKey('items', query)),
  detail: (slug: string) => catalogue(cacheKey('item', { slug })),
  search: (query: SearchItemsQuery) => catalogue(cacheKey('search', query)),
  minifigThemes: () => catalogue(cacheKey('minifig-themes', {})),
}
