import { createHash } from 'node:crypto'
import pg from 'pg'
import { fromThePool } from './unavailable.ts'

export interface PoolOptions {
  url: string
  max: number
  /** How long a request waits for a connection (a new one, or a free one of the pool) before it fails. */
  connectTimeoutMs: number
}

/**
 * A pg pool that survives its connections being cut at any moment (a restart, a failover, a network fault),
 * checked out or not; the request in flight fails (answered 503, see plugins/errors.ts) and the next one
 * connects anew.
 */
export function createPool(options: PoolOptions): pg.Pool {
  const pool = new SurvivingPool({
    connectionString: options.url,
    max: options.max,
    // Without it a request waits forever for a connection while the database is unreachable.
    connectionTimeoutMillis: options.connectTimeoutMs,
    // A peer that vanished without a reset (a dead host) is noticed by the kernel.
    keepAlive: true,
    Client: PreparingClient,
  })
  // pg reports a lost connection as an 'error' event on its client, and an 'error' event nobody listens to
  // ends the process. The pool listens on idle clients only; a checked-out one (every `db.transaction` holds
  // one) needs a listener of its own. Nothing more to do in either: the query in flight fails with the same
  // error, and the pool drops the broken client.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  return pool
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void

/**
 * Drizzle's `transaction` checks a client out and sends `begin` before its try/finally, so a connection lost
 * just then is never released: the pool shrinks by one client at every such loss until it has none left (and
 * `end()` waits forever). Here a checked-out client whose connection ends is given back to the pool, which
 * discards it; a later `release()` by its holder is then a no-op.
 */
class SurvivingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>
  override connect(callback: ConnectCallback): void
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // pg-pool's own `query` checks out with a callback and always releases; only promise callers (drizzle's
    // transactions, our start-up probe) are guarded, and what they fail with is marked as the database's.
    if (callback) {
      super.connect(callback)
      return undefined
    }
    return super.connect().then(releasedWhenLost, (error: unknown) => Promise.reject(fromThePool(error)))
  }
}

function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client)
  let released = false
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return
    released = true
    client.removeListener('end', onEnd)
    release(error)
  }
  const onEnd = () => releaseOnce(new Error('Connection terminated while checked out'))
  client.once('end', onEnd)
  client.release = releaseOnce
  return client
}

/** Distinct statements named at most (each is kept by every connection that ran it). */
const MAX_NAMED_STATEMENTS = 500
const statementNames = new Map<string, string>()

/** The statement's name, the same in every connection: its text's hash. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `bf_${createHash('sha1').update(text).digest('base64url')}`
    statementNames.set(text, name)
  }
  return name
}

/**
 * A client that sends every statement with parameters as a named prepared statement. PostgreSQL parses and
 * plans an unnamed statement at each run, which cost a sale more than its insert (ADR 016); a named one is
 * parsed once per connection and, after five runs, planned once. The statements are our own queries, so
 * there are a few hundred texts; beyond MAX_NAMED_STATEMENTS they run unnamed.
 */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this passes them all through.
  override query(config: any, values?: any, callback?: any): any {
    if (
      config !== null &&
      typeof config === 'object' &&
      typeof config.submit !== 'function' &&
      config.name === undefined &&
      typeof config.text === 'string' &&
      (config.values ?? values)?.length > 0
    ) {
      const name = statementName(config.text)
      if (name) return super.query({ ...config, name }, values, callback)
    }
    return super.query(config, values, callback)
  }
}
