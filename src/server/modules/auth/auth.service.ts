import type { Database } from '#server/db/client.ts'
import { conflict, HttpError, notFound } from '#server/errors.ts'
import type { LoginData, RegisterData, User } from '#shared/contract/auth.ts'
import type { UpdateProfileData } from '#shared/contract/me.ts'
import { dropPendingAlertMail } from '../mail/alert-mail.service.ts'
import type { AttemptLimiter } from './attempt-limiter.ts'
import {
  emailInUse,
  findCredentials,
  findUserById,
  findUserByOidcSubject,
  insertOidcUser,
  insertPasswordUser,
  linkOidcSubject,
  lockAccountCreation,
  type OidcProfile,
  updateUserProfile,
} from './auth.repo.ts'
import { weakPasswordReason } from './password-rules.ts'
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts'

/** Where the services write what an operator should know (Fastify's logger in the app). */
export interface InfoLog {
  info: (message: string) => void
}

export const WRONG_CREDENTIALS = 'Incorrect email or password.'
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.'

const tooManyAttempts = () => new HttpError(429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED')

/**
 * A new account. Saying that an e-mail is taken lets a caller test addresses, so each source (the client's
 * address) may be told so only as often as it may guess a password: after that many 'taken' answers in the
 * window, every sign-up from it waits, whether its e-mail is taken or not (a 429 that depended on the
 * e-mail would answer the question again).
 */
export async function register({
  db,
  body,
  limiter,
  source,
  log,
}: {
  db: Database
  body: RegisterData
  limiter: AttemptLimiter
  /** The client's address (request.ip). */
  source: string
  log: InfoLog
}): Promise<User> {
  const key = `register:${source}`
  if (await limiter.exhausted(key)) throw tooManyAttempts()
  const weak = weakPasswordReason(body.password, body.email)
  if (weak) throw new HttpError(400, weak, 'WEAK_PASSWORD')
  // Hashed before the transaction: the account-creation lock is held for the insert only.
  const passwordHash = await hashPassword(body.password)
  const user = await db.transaction(async (tx) => {
    await lockAccountCreation(tx)
    return insertPasswordUser(tx, {
      email: body.email,
      passwordHash,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
    })
  })
  if (!user) {
    await limiter.take(key)
    throw conflict('An account with this email already exists. Sign in instead.')
  }
  announceFirstAdmin(user, log)
  return user
}

/**
 * The first account of a fresh install is its admin (DESIGN §4, as self-hosted apps do), so someone can
 * verify sales and trust members without the command line. Said once, when it happens, for the operator.
 * A new account is an admin only when it was the first (auth.repo.ts: `newAccountRole`).
 */
function announceFirstAdmin(created: User, log: InfoLog) {
  if (created.role !== 'admin') return
  log.info(`The first account, ${created.email ?? `${created.id} (no e-mail)`}, is an administrator.`)
}

/**
 * One message for a wrong e-mail and a wrong password, and the same time spent on both. Attempts are
 * counted per e-mail and source together: ten wrong passwords from elsewhere do not lock the owner out.
 */
export async function logIn({
  db,
  body,
  limiter,
  source,
}: {
  db: Database
  body: LoginData
  limiter: AttemptLimiter
  /** The client's address (request.ip), or a browser that signed in to this account before. */
  source: string
}): Promise<User> {
  const key = `login:${body.email}|${source}`
  if (!(await limiter.take(key))) throw tooManyAttempts()
  const credentials = await findCredentials(db, body.email)
  const valid = await verifyPassword(credentials?.passwordHash ?? (await decoyPasswordHash()), body.password)
  const user = credentials?.passwordHash && valid ? await findUserById(db, credentials.id) : undefined
  if (!user) throw new HttpError(401, WRONG_CREDENTIALS, 'WRONG_CREDENTIALS')
  await limiter.reset(key)
  return user
}

/**
 * The user behind an OpenID Connect sign-in: the account linked to the subject, else the account with the
 * same provider-verified e-mail (which gets linked), else a new account from the claims. An unverified
 * e-mail never joins an existing account, nor is it taken from one: the new account then has none.
 */
export async function signInWithOidc({
  db,
  profile,
  log,
}: {
  db: Database
  profile: OidcProfile
  log: InfoLog
}): Promise<User> {
  const { user, created } = await db.transaction(async (tx) => {
    const linked = await findUserByOidcSubject(tx, profile.subject)
    if (linked) return { user: linked, created: false }
    if (profile.email && profile.emailVerified) {
      const byEmail = await linkOidcSubject(tx, profile.email, profile)
      if (byEmail) return { user: byEmail, created: false }
    }
    await lockAccountCreation(tx)
    const email = profile.email && !(await emailInUse(tx, profile.email)) ? profile.email : null
    return { user: await insertOidcUser(tx, { ...profile, email }), created: true }
  })
  if (created) announceFirstAdmin(user, log)
  return user
}

/**
 * Changes what is sent of the user's own profile; names sent empty are cleared. Alert e-mails turned off
 * also drop the ones waiting: turned on again later, they would tell of old news.
 */
export async function updateProfile({
  db,
  userId,
  changes,
}: {
  db: Database
  userId: string
  changes: UpdateProfileData
}): Promise<User> {
  const updated = await db.transaction(async (tx) => {
    const user = await updateUserProfile(tx, userId, changes)
    if (user && changes.alertEmail === 'off') await dropPendingAlertMail({ db: tx, userId })
    return user
  })
  if (!updated) throw notFound('Your account no longer exists.')
  return updated
}
