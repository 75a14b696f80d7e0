import { z } from 'zod'

/** One of the signed-in user's sessions, as the profile lists them (DESIGN §4). */
export const sessionSchema = z.object({
  /** An opaque public id: never the stored hash of the cookie's token, which would open the session. */
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** When it ends unless used: 30 days after last use, and never more than 90 days after sign-in. */
  expiresAt: z.string(),
  /** The browser and system it signed in from, e.g. 'Firefox on Linux'; 'Unknown browser' without one. */
  device: z.string(),
  /** The session of this request: "this device". */
  current: z.boolean(),
})
export type Session = z.infer<typeof sessionSchema>

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) })
export type SessionList = z.infer<typeof sessionListSchema>

export const sessionIdParamsSchema = z.object({
  id: z.uuid({ message: 'Session id must be a session id from GET /api/me/sessions' }),
})

export const endedSessionsSchema = z.object({ ended: z.number().int() })
export type EndedSessions = z.infer<typeof endedSessionsSchema>
