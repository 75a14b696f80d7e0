import { cacheKey } from '#server/lib/read-cache.ts'
import type { CollectionQuery } from '#shared/contract/collections.ts'

const scope = (userId: string) => `collection:${userId}:`

/**
 * Read-cache keys of the answers derived from one user's collection (ADR 008). They share the user's
 * scope, which the user's own changes forget at once; another module that caches an answer derived from
 * the collection (the profile's figures) names it with `derived`, so it is forgotten with them.
 */
export const collectionCache = {
  /** Every cached answer derived from this user's collection. */
  scope,
  page: (userId: string, query: CollectionQuery) => cacheKey(`${scope(userId)}page`, query),
  derived: (userId: string, name: string) => `${scope(userId)}${name}`,
}
