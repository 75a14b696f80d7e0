import type { Database } from '#server/db/client.ts'
import { conflict, HttpError } from '#server/errors.ts'
import type { LoginData, RegisterData, User } from '#shared/contract/auth.ts'
import type { AttemptLimiter } from './attempt-limiter.ts'
import { findCredentials, findUserById, insertPasswordUser } from './auth.repo.ts'
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts'

export const WRONG_CREDENTIALS = 'Incorrect email or password.'
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.'

export async function register({
  db,
  body,
  limiter,
}: {
  db: Database
  body: RegisterData
  limiter: AttemptLimiter
}): Promise<User> {
  if (!limiter.take(`register:${body.email}`)) throw new HttpError(429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED')
  const user = await insertPasswordUser(db, {
    email: body.email,
    passwordHash: await hashPassword(body.password),
    firstName: body.firstName ?? null,
    lastName: body.lastName ?? null,
  })
  if (!user) throw conflict('An account with this email already exists. Sign in instead.')
  return user
}

/** One message for a wrong e-mail and a wrong password, and the same time spent on both. */
export async function logIn({
  db,
  body,
  limiter,
}: {
  db: Database
  body: LoginData
  limiter: AttemptLimiter
}): Promise<User> {
  const key = `login:${body.email}`
  if (!limiter.take(key)) throw new HttpError(429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED')
  const credentials = await findCredentials(db, body.email)
  const valid = await verifyPassword(credentials?.passwordHash ?? (await decoyPasswordHash()), body.password)
  const user = credentials?.passwordHash && valid ? await findUserById(db, credentials.id) : undefined
  if (!user) throw new HttpError(401, WRONG_CREDENTIALS, 'WRONG_CREDENTIALS')
  limiter.reset(key)
  return user
}
