import { cacheKey } from '#server/lib/read-cache.ts'
import type { CollectionQuery } from '#shared/contract/collections.ts'

const scope = (userId: string) => `collection:${userId}:`

/**
 * The choices an answer's valuation follows (ADR 008): market prices only, or also the retail estimate in
 * the region of a display currency. Part of each key, so flipping a choice (here or on another instance)
 * is never answered from an answer valued the other way.
 */
const valuation = (owner: ValuationChoices) =>
  owner.valueUnpricedAtRetail ? `retail-${owner.currencyPreference}` : 'market'

interface ValuationChoices {
  id: string
  currencyPreference: string
  valueUnpricedAtRetail: boolean
}

/**
 * Read-cache keys of the answers derived from one user's collection (ADR 008). They share the user's
 * scope, which the user's own changes forget at once; another module that caches an answer derived from
 * the collection (the profile's figures) names it with `derived`, so it is forgotten with them.
 */
export const collectionCache = {
  /** Every cached answer derived from this user's collection. */
  scope,
  page: (owner: ValuationChoices, query: CollectionQuery) =>
    cacheKey(`${scope(owner.id)}page:${valuation(owner)}`, query),
  /** Another module's answer derived from the collection, valued by the owner's choices. */
  derived: (owner: ValuationChoices, name: string) => `${scope(owner.id)}${name}:${valuation(owner)}`,
}
