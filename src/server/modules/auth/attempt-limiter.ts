import type { Database } from '#server/db/client.ts'
import { attemptsSoFar, countAttempt, forgetAttempts } from './attempts.repo.ts'

/**
 * Counts attempts per key in a fixed window. The keys carry the source (the client's address) beside the
 * account, so someone guessing from elsewhere uses up their own attempts, never the owner's (issue 11).
 * Counted in PostgreSQL: every app instance counts the same attempts (ADR 006).
 */
export class AttemptLimiter {
  constructor(
    private readonly db: Database,
    private readonly maxAttempts: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; false when the key has used up its attempts for this window. */
  async take(key: string): Promise<boolean> {
    const { count } = await countAttempt(this.db, key, this.windowMs)
    return count <= this.maxAttempts
  }

  /** True when the key has used up its attempts, without counting one. */
  async exhausted(key: string): Promise<boolean> {
    return (await attemptsSoFar(this.db, key)) >= this.maxAttempts
  }

  reset(key: string): Promise<void> {
    return forgetAttempts(this.db, key)
  }
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

/**
 * `@fastify/rate-limit`'s store, counting in PostgreSQL beside the attempts (ADR 006): the per-address limit
 * of the auth routes holds across every instance, each route's addresses apart.
 */
export function sharedRateLimitStore(db: Database) {
  return class SharedRateLimitStore {
    private readonly prefix: string

    /** The plugin passes its options first; a route's store is made by `child`. */
    constructor(_options?: unknown, prefix = 'ip:') {
      this.prefix = prefix
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      countAttempt(db, `${this.prefix}${key}`, timeWindow).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: Error) => callback(error),
      )
    }

    read(key: string, callback: StoreCallback): void {
      attemptsSoFar(db, `${this.prefix}${key}`).then(
        (count) => callback(null, { current: count, ttl: 0 }),
        (error: Error) => callback(error),
      )
    }

    /** The plugin passes a route's merged options, the route itself as `routeInfo` (its types leave it out). */
    child(options: object): SharedRateLimitStore {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo
      return new SharedRateLimitStore(undefined, `ip:${String(route?.method)} ${String(route?.url)}:`)
    }
  }
}
