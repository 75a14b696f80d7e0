import type { FastifyReply } from 'fastify'
import { LRUCache } from 'lru-cache'
import { sendJsonText } from './responses.ts'

/**
 * A short-lived cache of serialised read answers (catalogue lists, search, item pages).
 * Identical requests arriving together share one database query. Writes in this process call
 * `clear()`; other app instances see a change after at most `ttlMs` (ADR 002).
 */
export class ReadCache {
  private readonly entries: LRUCache<string, Promise<string>> | undefined

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.entries = ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs }) : undefined
  }

  /** The JSON text for `key`, loaded (and kept) when missing; a failed load is not kept. */
  async json(key: string, load: () => Promise<unknown>): Promise<{ body: string; hit: boolean }> {
    const cached = this.entries?.get(key)
    if (cached) return { body: await cached, hit: true }
    const pending = load().then((value) => JSON.stringify(value))
    this.entries?.set(key, pending)
    try {
      return { body: await pending, hit: false }
    } catch (error) {
      this.entries?.delete(key)
      throw error
    }
  }

  clear(): void {
    this.entries?.clear()
  }

  /** Forgets the answers whose keys start with `prefix`, e.g. one item's prices after a sale. */
  forget(prefix: string): void {
    if (!this.entries) return
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key)
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
