import { LRUCache } from 'lru-cache'

/**
 * Counts attempts per key in a fixed window. The keys carry the source (the client's address) beside the
 * account, so someone guessing from elsewhere uses up their own attempts, never the owner's (issue 11).
 * In memory: with several app instances each counts its own, which still bounds guessing per instance
 * (ADR 006).
 */
export class AttemptLimiter {
  private readonly attempts: LRUCache<string, { count: number }>

  constructor(
    private readonly maxAttempts: number,
    windowMs: number,
  ) {
    this.attempts = new LRUCache({ max: 100_000, ttl: windowMs, ttlAutopurge: false })
  }

  /** Counts one attempt; false when the key has used up its attempts for this window. */
  take(key: string): boolean {
    const entry = this.attempts.get(key)
    if (!entry) {
      this.attempts.set(key, { count: 1 })
      return true
    }
    entry.count++
    return entry.count <= this.maxAttempts
  }

  /** True when the key has used up its attempts, without counting one. */
  exhausted(key: string): boolean {
    return (this.attempts.get(key)?.count ?? 0) >= this.maxAttempts
  }

  reset(key: string): void {
    this.attempts.delete(key)
  }
}
