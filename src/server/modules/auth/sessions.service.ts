import type { Database } from '#server/db/client.ts'
import { notFound } from '#server/errors.ts'
import type { SessionList } from '#shared/contract/sessions.ts'
import {
  deleteOtherUserSessions,
  deleteUserSession,
  listUserSessions,
  type SessionLifetime,
} from './sessions.repo.ts'
import { describeUserAgent } from './user-agent.ts'

/**
 * A session slides: 30 days after its last use. It also ends 90 days after sign-in however much it is
 * used, so a stolen cookie does not work for ever (DESIGN §4).
 */
export const SESSION_LIFETIME: SessionLifetime = { slidingDays: 30, absoluteDays: 90 }
/** Sessions a user keeps; signing in beyond that ends their oldest (sessions.repo.ts insertSession). */
export const MAX_SESSIONS_PER_USER = 20

export async function listSessions({
  db,
  userId,
  currentSid,
}: {
  db: Database
  userId: string
  currentSid: string
}): Promise<SessionList> {
  const rows = await listUserSessions(db, { userId, currentSid, lifetime: SESSION_LIFETIME })
  return {
    sessions: rows.map(({ userAgent, ...row }) => ({ ...row, device: describeUserAgent(userAgent) })),
  }
}

/**
 * Ends one of the user's own sessions; another user's id answers as an unknown one does (404), so ids
 * cannot be probed. True when it was the session of this request.
 */
export async function endSessionById({
  db,
  userId,
  publicId,
  currentSid,
}: {
  db: Database
  userId: string
  publicId: string
  currentSid: string
}): Promise<{ endedCurrent: boolean }> {
  const sid = await deleteUserSession(db, { userId, publicId })
  if (!sid) throw notFound('No session of yours has this id. It may have ended already.')
  return { endedCurrent: sid === currentSid }
}

export async function endOtherSessions({
  db,
  userId,
  currentSid,
}: {
  db: Database
  userId: string
  currentSid: string
}): Promise<{ ended: number }> {
  return { ended: await deleteOtherUserSessions(db, { userId, keepSid: currentSid }) }
}
