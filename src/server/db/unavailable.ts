import { DrizzleQueryError } from 'drizzle-orm'

/**
 * Node's socket errors when the database's host refuses, resets, cannot be reached or cannot be named
 * (a failover moves its address; a container's name resolves only once it runs).
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * PostgreSQL's own: admin_shutdown, crash_shutdown, cannot_connect_now (starting or in recovery) and
 * too_many_connections; every code of class 08 (connection exception) is tested by its prefix.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300'])

/** pg and pg-pool report a lost or never-made connection without a code, by these messages. */
const DRIVER_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/

/** Set on what checking a connection out of the pool fails with (db/pool.ts), which drizzle does not wrap. */
const FROM_THE_POOL = Symbol('failed to check out a database connection')

/** Marks an error as the pool's: its socket errors are the database's, not an outside service's. */
export function fromThePool(error: unknown): unknown {
  if (error && typeof error === 'object') Object.defineProperty(error, FROM_THE_POOL, { value: true })
  return error
}

/**
 * Why an error means "the database cannot be reached right now" (answered with 503 and retried), as opposed
 * to a query that is wrong: the code or message that says so, or undefined. Drizzle wraps the driver's error
 * as the `cause` of its own, and a connection to a name with several addresses fails with an AggregateError,
 * so both are walked. A socket error counts only beneath a failed query or checkout: an unreachable OpenID
 * provider (fetch's ECONNREFUSED) is not a database outage.
 */
export function databaseUnavailableReason(error: unknown, depth = 0, ofDatabase = false): string | undefined {
  if (!error || typeof error !== 'object' || depth > 8) return undefined
  const { code, message, cause, errors } = error as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  const database = ofDatabase || error instanceof DrizzleQueryError || FROM_THE_POOL in error
  if (typeof code === 'string') {
    if ((database && SOCKET_CODES.has(code)) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
      return code
    }
  }
  if (typeof message === 'string' && DRIVER_MESSAGE.test(message)) return message
  for (const inner of Array.isArray(errors) ? errors : []) {
    const reason = databaseUnavailableReason(inner, depth + 1, database)
    if (reason) return reason
  }
  return databaseUnavailableReason(cause, depth + 1, database)
}
