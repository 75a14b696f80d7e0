import { sql } from 'drizzle-orm'
import { type Database, notify, queryRows } from '#server/db/client.ts'
import type { Listen } from '#server/db/listener.ts'
import { PRICES_RECOMPUTED_CHANNEL, recomputedItemIds } from '#server/modules/market/market.channels.ts'

/**
 * Told, with the user's id, when a user's alerts are created, changed, resumed or deleted: which items they watch
 * may have changed, and their open watchlists read again.
 */
export const ALERTS_CHANGED_CHANNEL = 'alerts_changed'

/**
 * A user hears of their watched items' new prices at most this often: under a stream of sales an item is
 * recomputed four times a second, and each event makes the watchlist ask for its rows again.
 */
export const PRICES_EVENT_MS = 2_000

/** Tells other instances' live streams that the user's watched items changed (sent when `db`'s transaction commits). */
export function announceAlertsChanged(db: Pick<Database, 'execute'>, userId: string): Promise<void> {
  return notify(db, ALERTS_CHANGED_CHANNEL, userId)
}

interface Watcher {
  items: Set<number>
  /** Items recomputed since the last event, waiting for `PRICES_EVENT_MS` to pass. */
  pending: Set<number>
  timer: NodeJS.Timeout | null
  lastSentAt: number
  /** Bumped by each load: an older load's answer, arriving late, is dropped. */
  loads: number
}

/**
 * The items each user with a live stream has alerts on (issue 13 part 2: the watchlist shows each alert's
 * fair price now, and it moves without the alert firing). When a recompute commits, those of its items that a
 * connected user watches are passed to `send` for that user: at once, or gathered until `PRICES_EVENT_MS` has
 * passed since their last event. The items are read once when the user's first stream opens, and again when
 * their alerts change on any instance (ALERTS_CHANGED_CHANNEL) or the listening connection comes back.
 */
export class WatchedPrices {
  private readonly watchers = new Map<string, Watcher>()
  private readonly usersByItem = new Map<number, Set<string>>()
  private listening: Promise<unknown> | null = null
  private readonly stops: (() => Promise<void>)[] = []

  constructor(
    private readonly options: {
      db: Database
      listen: Listen
      send: (userId: string, itemIds: number[]) => void
      /** The user's alerts changed (ALERTS_CHANGED_CHANNEL), on any instance. */
      alertsChanged: (userId: string) => void
      onError: (error: unknown) => void
    },
  ) {}

  /** Starts following the user's watched items (their first stream has opened). */
  async watch(userId: string): Promise<void> {
    if (this.watchers.has(userId)) return
    this.watchers.set(userId, { items: new Set(), pending: new Set(), timer: null, lastSentAt: 0, loads: 0 })
    await this.listen()
    await this.load(userId)
  }

  /** Stops following the user (their last stream has closed). */
  unwatch(userId: string): void {
    const watcher = this.watchers.get(userId)
    if (!watcher) return
    if (watcher.timer) clearTimeout(watcher.timer)
    this.setItems(userId, watcher, new Set())
    this.watchers.delete(userId)
  }

  /** Follows no one and stops listening (the app is closing). */
  async close(): Promise<void> {
    for (const userId of [...this.watchers.keys()]) this.unwatch(userId)
    const listening = this.listening
    this.listening = null
    await listening?.catch(() => {})
    await Promise.all(this.stops.splice(0).map((stop) => stop()))
  }

  private listen(): Promise<unknown> {
    if (!this.listening) {
      const { listen } = this.options
      // Lost and back: whatever changed meanwhile is unknown, so read each user's items again and tell them.
      // Both channels share the one listening connection, so one of them is told.
      const reloadAll = () => {
        for (const [userId, watcher] of this.watchers) {
          void this.load(userId).then(() => this.changed([...watcher.items]))
        }
      }
      this.listening = Promise.all([
        listen(PRICES_RECOMPUTED_CHANNEL, (payload) => this.changed(recomputedItemIds(payload)), reloadAll),
        listen(ALERTS_CHANGED_CHANNEL, (userId) => {
          void this.load(userId)
          if (this.watchers.has(userId)) this.options.alertsChanged(userId)
        }),
      ]).then(
        (stops) => this.stops.push(...stops),
        (error: unknown) => {
          this.listening = null
          throw error
        },
      )
    }
    return this.listening
  }

  /** Reads the user's watched items, if the user is followed. */
  private async load(userId: string): Promise<void> {
    const watcher = this.watchers.get(userId)
    if (!watcher) return
    const load = ++watcher.loads
    try {
      const rows = await queryRows<{ itemId: number }>(
        this.options.db,
        sql`select distinct item_id as "itemId" from alerts where user_id = ${userId}`,
      )
      if (this.watchers.get(userId) !== watcher || watcher.loads !== load) return
      this.setItems(userId, watcher, new Set(rows.map((row) => row.itemId)))
    } catch (error) {
      this.options.onError(error)
    }
  }

  private setItems(userId: string, watcher: Watcher, items: Set<number>): void {
    for (const itemId of watcher.items) {
      if (items.has(itemId)) continue
      const users = this.usersByItem.get(itemId)
      users?.delete(userId)
      if (users?.size === 0) this.usersByItem.delete(itemId)
    }
    for (const itemId of items) {
      const users = this.usersByItem.get(itemId) ?? new Set<string>()
      users.add(userId)
      this.usersByItem.set(itemId, users)
    }
    watcher.items = items
  }

  private changed(itemIds: number[]): void {
    for (const itemId of itemIds) {
      for (const userId of this.usersByItem.get(itemId) ?? []) {
        const watcher = this.watchers.get(userId)
        if (!watcher) continue
        watcher.pending.add(itemId)
        this.schedule(userId, watcher)
      }
    }
  }

  private schedule(userId: string, watcher: Watcher): void {
    if (watcher.timer) return
    const wait = watcher.lastSentAt + PRICES_EVENT_MS - Date.now()
    const flush = () => {
      watcher.timer = null
      if (this.watchers.get(userId) !== watcher || watcher.pending.size === 0) return
      const itemIds = [...watcher.pending]
      watcher.pending.clear()
      watcher.lastSentAt = Date.now()
      this.options.send(userId, itemIds)
    }
    if (wait <= 0) flush()
    else watcher.timer = setTimeout(flush, wait)
  }
}
