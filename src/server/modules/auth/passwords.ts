import { hash, verify } from '@node-rs/argon2'
import pLimit from 'p-limit'
import { HttpError } from '#server/errors.ts'

/**
 * At most this many argon2id computations at once. Each takes one core for ~50 ms and 19 MiB; on the
 * 2-core machines this app runs on, one at a time leaves the other core to every other request, so a
 * sign-in flood slows sign-ins down instead of the whole app (README, "Accounts").
 */
export const HASH_CONCURRENCY = 1
/** Sign-ins waiting for their turn; past this the server says it is busy rather than queue without end. */
export const HASH_QUEUE_MAX = 16
/** How long a client told the server is busy should wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2

/** The server's answer when sign-ins queue past HASH_QUEUE_MAX: 503 with Retry-After (auth.routes.ts). */
export class PasswordCheckBusyError extends HttpError {
  readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS
  constructor() {
    super(503, 'Too many people are signing in right now. Please try again in a few seconds.', 'SERVER_BUSY')
  }
}

const limit = pLimit(HASH_CONCURRENCY)

function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= HASH_QUEUE_MAX) return Promise.reject(new PasswordCheckBusyError())
  return limit(work)
}

/**
 * argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's recommendation). The password
 * itself goes in, not a pre-hash of it: argon2 reads it once into its Blake2b seed, so its cost does not
 * grow with length, and the contract caps it at 1,024 characters (PASSWORD_MAX_LENGTH); existing hashes
 * stay valid.
 */
export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password))
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return bounded(async () => {
    try {
      return await verify(passwordHash, password)
    } catch {
      return false
    }
  })
}

/** Checked when no account matches, so a wrong e-mail takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('not a password anyone has').catch((error: unknown) => {
    decoyHash = undefined
    throw error
  })
  return decoyHash
}
