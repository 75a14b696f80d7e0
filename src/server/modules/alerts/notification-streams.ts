import type { Database } from '#server/db/client.ts'
import type { Listen } from '#server/db/listener.ts'
import type { Notification } from '#shared/contract/alerts.ts'
import { ALERT_EVENTS_CHANNEL } from './alerts.evaluate.repo.ts'
import { findNotificationsAfter, lastNotificationId } from './notifications.repo.ts'
import { WatchedPrices } from './watched-prices.ts'

/** Where one live stream's notifications go (the route writes them as Server-Sent Events). */
export interface StreamSink {
  send(notification: Notification): void
  /** Some of the items the user has alerts on have new prices (at most every `PRICES_EVENT_MS`). */
  sendPrices(itemIds: number[]): void
  /** The user's alerts were created, changed, resumed or deleted (in this tab or anywhere else). */
  sendAlertsChanged(): void
  /** Ends the stream from the server's side (the app is closing). */
  end(): void
}

/** Open streams one user may have at once (tabs, devices); another is refused until one closes. */
export const STREAMS_PER_USER = 10
/** Notifications sent per read; a stream far behind reads again until it has caught up. */
const BATCH = 100

/**
 * One open stream: the id of the last notification it was sent, and at most one read at a time (a
 * notification arriving mid-read reads once more after it, so nothing is sent twice or skipped).
 */
class LiveStream {
  /** Unknown until the stream has started (`start`); a notification before that waits for it. */
  private lastId: number | null = null
  private reading: Promise<void> | null = null
  private again = false
  private closed = false

  constructor(
    private readonly db: Database,
    readonly userId: string,
    private readonly sink: StreamSink,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** From `lastEventId` (a reconnect: what was missed is sent), else from now. */
  async start(lastEventId: number | null): Promise<void> {
    this.lastId = lastEventId ?? (await lastNotificationId(this.db, this.userId))
    this.catchUp()
  }

  /** Sends whatever is newer than the last notification sent. */
  catchUp(): void {
    if (this.closed || this.lastId === null) return
    if (this.reading) {
      this.again = true
      return
    }
    this.reading = this.read()
      .catch(this.onError)
      .finally(() => {
        this.reading = null
        if (this.again) {
          this.again = false
          this.catchUp()
        }
      })
  }

  private async read(): Promise<void> {
    for (;;) {
      const batch = await findNotificationsAfter(this.db, this.userId, this.lastId ?? 0, BATCH)
      for (const notification of batch) {
        if (this.closed) return
        this.sink.send(notification)
        this.lastId = notification.id
      }
      if (batch.length < BATCH) return
    }
  }

  sendPrices(itemIds: number[]): void {
    if (!this.closed) this.sink.sendPrices(itemIds)
  }

  sendAlertsChanged(): void {
    if (!this.closed) this.sink.sendAlertsChanged()
  }

  close(): void {
    this.closed = true
  }

  end(): void {
    this.close()
    this.sink.end()
  }
}

/**
 * The app's live notification streams (issue 13 part 4). One LISTEN on ALERT_EVENTS_CHANNEL per app
 * instance, taken when the first stream opens and kept until the app closes; a notification names a user,
 * and only that user's open streams read from the database (each what it has not sent yet). The streams also
 * carry the new prices of the items their user has alerts on (WatchedPrices), and word that the user's alerts
 * changed elsewhere, so the watchlist stays current.
 */
export class NotificationStreams {
  private readonly byUser = new Map<string, Set<LiveStream>>()
  private listening: Promise<() => Promise<void>> | null = null
  private readonly watchedPrices: WatchedPrices

  constructor(private readonly options: { db: Database; listen: Listen; onError: (error: unknown) => void }) {
    this.watchedPrices = new WatchedPrices({
      ...options,
      send: (userId, itemIds) => {
        for (const stream of this.byUser.get(userId) ?? []) stream.sendPrices(itemIds)
      },
      alertsChanged: (userId) => {
        for (const stream of this.byUser.get(userId) ?? []) stream.sendAlertsChanged()
      },
    })
  }

  /** Whether the user may open another stream. */
  hasRoomFor(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) < STREAMS_PER_USER
  }

  /**
   * Opens a stream for the user, sending from after `lastEventId` (what a reconnect missed) or from now.
   * The stream is registered before its starting point is read, so nothing committed in between is lost, and
   * before anything is awaited, so that it counts at once against `hasRoomFor`: requests whose sessions were read
   * together run their handlers one after the other in the same turn, and ten streams opened at once all found
   * room while none had registered yet. Answers the function that closes it.
   */
  async open(userId: string, sink: StreamSink, lastEventId: number | null): Promise<() => void> {
    const stream = new LiveStream(this.options.db, userId, sink, this.options.onError)
    const streams = this.byUser.get(userId) ?? new Set<LiveStream>()
    streams.add(stream)
    this.byUser.set(userId, streams)
    const close = () => {
      stream.close()
      streams.delete(stream)
      if (streams.size === 0 && this.byUser.get(userId) === streams) {
        this.byUser.delete(userId)
        this.watchedPrices.unwatch(userId)
      }
    }
    try {
      await Promise.all([this.listen(), this.watchedPrices.watch(userId)])
      await stream.start(lastEventId)
    } catch (error) {
      close()
      throw error
    }
    return close
  }

  /** How many streams are open (tests, metrics). */
  get size(): number {
    let count = 0
    for (const streams of this.byUser.values()) count += streams.size
    return count
  }

  /** Ends every stream and stops listening (the app is closing: open streams would keep it from closing). */
  async close(): Promise<void> {
    for (const streams of this.byUser.values()) for (const stream of streams) stream.end()
    this.byUser.clear()
    await this.watchedPrices.close()
    const listening = this.listening
    this.listening = null
    if (listening) await (await listening.catch(() => async () => {}))()
  }

  private listen(): Promise<unknown> {
    if (!this.listening) {
      this.listening = this.options.listen(
        ALERT_EVENTS_CHANNEL,
        (userId) => this.notify(userId),
        // The listening connection came back after a loss: what was told meanwhile is gone, so look.
        () => {
          for (const streams of this.byUser.values()) for (const stream of streams) stream.catchUp()
        },
      )
      this.listening.catch(() => {
        this.listening = null
      })
    }
    return this.listening
  }

  private notify(userId: string): void {
    for (const stream of this.byUser.get(userId) ?? []) stream.catchUp()
  }
}
