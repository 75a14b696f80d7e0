import pg from 'pg'

/** Called with a notification's payload. */
export type NotificationHandler = (payload: string) => void

/**
 * `LISTEN` on a channel until the returned function is called. `onReconnect` (PostgreSQL only) is told when
 * the listening connection came back after a loss: notifications sent meanwhile are gone, so a listener
 * that must not miss work looks for it then (the recompute workers also poll).
 */
export type Listen = ((
  channel: string,
  handler: NotificationHandler,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>) & {
  /**
   * Resolves once every notification committed before the call has reached its handlers. Missing where
   * notifications reach their handlers before the statement that sent them returns (PGlite, in-process).
   */
  caughtUp?: () => Promise<void>
}

interface Subscription {
  channel: string
  handler: NotificationHandler
  onReconnect?: () => void
}

const quoteChannel = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Unsafe channel name: ${channel}`)
  return `"${channel}"`
}

/**
 * One dedicated connection (outside the pool: a pooled one goes back and forgets its LISTENs) that listens
 * on every subscribed channel and comes back after a loss (a restart, a failover), re-subscribing.
 */
export class PostgresListener {
  private client: pg.Client | null = null
  private connecting: Promise<pg.Client> | null = null
  private readonly subscriptions = new Set<Subscription>()
  private closed = false
  private retryTimer: NodeJS.Timeout | null = null
  private failures = 0

  constructor(
    private readonly url: string,
    private readonly connectTimeoutMs: number,
  ) {}

  readonly listen: Listen = Object.assign(
    async (channel: string, handler: NotificationHandler, onReconnect?: () => void) => {
      const subscription = { channel, handler, onReconnect }
      this.subscriptions.add(subscription)
      const client = await this.connected()
      if (![...this.subscriptions].some((other) => other !== subscription && other.channel === channel))
        await client.query(`listen ${quoteChannel(channel)}`)
      return async () => {
        this.subscriptions.delete(subscription)
        const stillHeard = [...this.subscriptions].some((other) => other.channel === channel)
        if (!stillHeard && this.client)
          await this.client.query(`unlisten ${quoteChannel(channel)}`).catch(() => {})
      }
    },
    { caughtUp: () => this.caughtUp() },
  )

  /** The round trip in flight on the listening connection, and the one that waits for it to end. */
  private roundTrip: Promise<void> | null = null
  private nextRoundTrip: Promise<void> | null = null

  /**
   * PostgreSQL hands a listening connection what was notified before it answers its next command
   * (PostgresMain, before ReadyForQuery); an empty query is the cheapest command there is. A round trip already
   * in flight may have been sent before the caller's notifications were: callers wait for the next one, which
   * all who ask meanwhile share (one command at a time on the connection).
   */
  private caughtUp(): Promise<void> {
    if (!this.roundTrip) return this.startRoundTrip()
    this.nextRoundTrip ??= this.roundTrip
      .catch(() => {})
      .then(() => {
        this.nextRoundTrip = null
        return this.startRoundTrip()
      })
    return this.nextRoundTrip
  }

  private startRoundTrip(): Promise<void> {
    // Never through a connection made here: only the reconnection that tells the subscriptions what they may
    // have missed (`onReconnect`) makes the listener whole again.
    const client = this.client
    const roundTrip = (client ? client.query('') : Promise.reject(new Error('not listening')))
      .then(() => {})
      .finally(() => {
        if (this.roundTrip === roundTrip) this.roundTrip = null
      })
    this.roundTrip = roundTrip
    return roundTrip
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.subscriptions.clear()
    const client = this.client
    this.client = null
    await client?.end().catch(() => {})
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client)
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null
    })
    return this.connecting
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.connectTimeoutMs,
      keepAlive: true,
    })
    client.on('error', () => {})
    client.on('notification', ({ channel, payload }) => {
      for (const subscription of this.subscriptions)
        if (subscription.channel === channel) subscription.handler(payload ?? '')
    })
    client.on('end', () => {
      if (this.client !== client) return
      this.client = null
      this.scheduleReconnect()
    })
    await client.connect()
    for (const channel of new Set([...this.subscriptions].map((s) => s.channel)))
      await client.query(`listen ${quoteChannel(channel)}`)
    this.client = client
    return client
  }

  private scheduleReconnect() {
    if (this.closed || this.retryTimer) return
    const delay = Math.min(500 * 2 ** this.failures, 5000)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.connected().then(
        () => {
          this.failures = 0
          for (const subscription of this.subscriptions) subscription.onReconnect?.()
        },
        () => {
          this.failures++
          this.scheduleReconnect()
        },
      )
    }, delay)
    this.retryTimer.unref()
  }
}
