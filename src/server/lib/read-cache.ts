import type { FastifyReply } from 'fastify'
import { LRUCache } from 'lru-cache'
import { sendJsonText } from './responses.ts'

/**
 * The database channel on which an instance tells every instance (itself included) which cached answers a
 * change made wrong: the payload is a scope (`CacheKey.scope`), or '' for all of them (ADR 021).
 */
export const READ_CACHE_CHANNEL = 'read_cache_forget'

/**
 * Where a cached answer lives: `scope` is what one change makes wrong at once (the catalogue, one item's
 * prices); `key` tells the answers of a scope apart (route and query).
 */
export interface CacheKey {
  scope: string
  key: string
}

export interface ReadCacheOptions {
  /** How long an answer may be served from memory; 0 turns the cache off. */
  ttlMs: number
  maxEntries?: number
  /**
   * Tells the other instances to forget a scope (a NOTIFY on READ_CACHE_CHANNEL, whose listener calls
   * `forgetHere`). Without it only this instance forgets.
   */
  announce?: (scope: string) => Promise<void>
  /** Told when an announcement could not be sent: the other instances keep the answers until their TTL. */
  onAnnounceError?: (error: unknown) => void
}

/**
 * A short-lived cache of serialised read answers (the catalogue's lists, search and item pages, an item's
 * prices). Identical requests arriving together share one database query. A change forgets the answers it
 * makes wrong in every instance (`forget`); the TTL only bounds what a lost announcement leaves (ADR 021).
 * Nothing of one user's own (their collection, figures, alerts) is ever kept here.
 */
export class ReadCache {
  private readonly entries: LRUCache<string, Promise<string>> | undefined
  /** The entries of each scope, so that forgetting one item's prices costs that item's answers only. */
  private readonly scopes = new Map<string, Set<string>>()
  private readonly forgetListeners: ((scope: string) => void)[] = []

  constructor(private readonly options: ReadCacheOptions) {
    this.entries =
      options.ttlMs > 0
        ? new LRUCache({
            max: options.maxEntries ?? 10_000,
            ttl: options.ttlMs,
            dispose: (_value, entry, reason) => {
              if (reason !== 'set') this.unindex(entry)
            },
          })
        : undefined
  }

  /** The JSON text for `key`, loaded (and kept) when missing; a failed load is not kept. */
  json(key: CacheKey, load: () => Promise<unknown>): Promise<{ body: string; hit: boolean }> {
    return this.text(key, async () => JSON.stringify(await load()))
  }

  /** `json` for an answer loaded as its JSON text already. */
  async text(key: CacheKey, load: () => Promise<string>): Promise<{ body: string; hit: boolean }> {
    const entry = `${key.scope}\u0000${key.key}`
    const cached = this.entries?.get(entry)
    if (cached) return { body: await cached, hit: true }
    const pending = load()
    if (this.entries) {
      this.entries.set(entry, pending)
      const scope = this.scopes.get(key.scope)
      if (scope) scope.add(entry)
      else this.scopes.set(key.scope, new Set([entry]))
    }
    try {
      return { body: await pending, hit: false }
    } catch (error) {
      this.entries?.delete(entry)
      throw error
    }
  }

  /**
   * A committed change made the answers of `scope` ('' for all) wrong: forgotten here at once, and in every
   * other instance when the announcement reaches it, before this change's answer is sent.
   */
  async forget(scope: string): Promise<void> {
    for (const listener of this.forgetListeners) listener(scope)
    this.forgetHere(scope)
    try {
      await this.options.announce?.(scope)
    } catch (error) {
      this.options.onAnnounceError?.(error)
    }
  }

  /** Also told, at once, of each change made in this instance (the catalogue's index, ADR 021). */
  onForget(listener: (scope: string) => void): void {
    this.forgetListeners.push(listener)
  }

  /** Every answer, in every instance: a catalogue change (an item's name or picture shows everywhere). */
  clear(): Promise<void> {
    return this.forget('')
  }

  /**
   * Forgets the answers of `scope` ('' for all) in this instance only: an announcement heard, or a change the
   * other instances hear of by other means (a sale: its recompute's PRICES_RECOMPUTED, ADR 016, since a
   * NOTIFY per sale would make sales commit one after the other).
   */
  forgetHere(scope: string): void {
    if (!this.entries) return
    if (scope === '') {
      this.entries.clear()
      return
    }
    const entries = this.scopes.get(scope)
    if (!entries) return
    for (const entry of [...entries]) this.entries.delete(entry)
  }

  private unindex(entry: string): void {
    const scope = entry.slice(0, entry.indexOf('\u0000'))
    const entries = this.scopes.get(scope)
    entries?.delete(entry)
    if (entries?.size === 0) this.scopes.delete(scope)
  }
}

/** A cache key that does not depend on the order of the query parameters. */
export function cacheKey(route: string, params: Record<string, unknown>): string {
  const sorted = Object.keys(params)
    .filter((key) => params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${String(params[key])}`)
  return `${route}?${sorted.join('&')}`
}

/** Sends a cached JSON answer, saying in `x-cache` whether it came from memory. */
export function sendCachedJson(reply: FastifyReply, { body, hit }: { body: string; hit: boolean }) {
  return sendJsonText(reply.header('x-cache', hit ? 'hit' : 'miss'), body)
}
