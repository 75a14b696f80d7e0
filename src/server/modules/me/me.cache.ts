import type { User } from '#shared/contract/auth.ts'
import { collectionCache } from '../collections/collections.cache.ts'

/**
 * Read-cache keys of the profile's answers. Its figures derive from the collection, so they live in the
 * collection's cache scope and are forgotten with it when the user changes their collection.
 */
export const meCache = {
  stats: (user: User) => collectionCache.derived(user, 'me-stats'),
}
