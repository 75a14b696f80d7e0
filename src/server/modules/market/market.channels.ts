/** The database channels the market engine notifies on (LISTEN/NOTIFY reaches every instance). */

/** Told (no payload) when a change is queued: every instance's recompute worker wakes. */
export const PRICE_RECOMPUTE_CHANNEL = 'price_recompute'

/** Told, with the item ids (comma-separated), when recomputed prices commit: cached answers are forgotten. */
export const PRICES_RECOMPUTED_CHANNEL = 'prices_recomputed'

/** The item ids of a PRICES_RECOMPUTED_CHANNEL payload. */
export const recomputedItemIds = (payload: string) => payload.split(',').map(Number).filter(Number.isInteger)
