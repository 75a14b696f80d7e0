import { cacheKey } from '#server/lib/read-cache.ts'
import type { ListItemsQuery, SearchItemsQuery } from '#shared/contract/catalogue.ts'

/**
 * Read-cache keys of the catalogue's answers (ADR 002). A catalogue write clears the whole cache: an item's
 * name or picture also shows in collections and search results.
 */
export const itemsCache = {
  list: (query: ListItemsQuery) => cacheKey('items', query),
  detail: (slug: string) => cacheKey('item', { slug }),
  search: (query: SearchItemsQuery) => cacheKey('search', query),
  minifigThemes: () => cacheKey('minifig-themes', {}),
}
