import { createHash, randomBytes } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { batchedStatement } from '../db/batch.ts'
import type { Listen } from '../db/listener.ts'
import {
  deleteSession,
  findSessions,
  insertSession,
  type SessionUser,
  touchSession,
} from '../modules/auth/sessions.repo.ts'
import { MAX_SESSIONS_PER_USER, SESSION_LIFETIME } from '../modules/auth/sessions.service.ts'
import { SESSIONS_CHANNEL, SessionCache } from './session-cache.ts'

export const SESSION_COOKIE = 'bf_session'
const DAY_MS = 24 * 60 * 60 * 1000
/** A session is extended (one write, and a new cookie) at most once a day, not on every request. */
const EXTEND_WHEN_LEFT_MS = (SESSION_LIFETIME.slidingDays - 1) * DAY_MS
/** "Last seen" on the session list is kept to within five minutes: one write per session at most that often. */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000
/** Enough of a User-Agent to name the browser; a longer one is not worth storing. */
const USER_AGENT_MAX = 512

declare module 'fastify' {
  interface FastifyRequest {
    user: Readonly<SessionUser> | null
    sessionId: string | null
  }
  interface FastifyInstance {
    startSession: (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<void>
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

/** The stored id is a hash of the cookie's token, so a leaked sessions table opens no session. */
const sessionId = (token: string) => createHash('sha256').update(token).digest('hex')

interface SessionOptions {
  betaPublic: boolean
  /** Where this instance can listen for the database's notifications, the sessions it looks up are kept. */
  listen?: Listen
}

/**
 * Server-side sessions in the `sessions` table (DESIGN §4): an httpOnly, SameSite=Lax cookie holding a
 * random token; 30 days, sliding, and never more than 90 days after sign-in; a new session at every
 * sign-in, the user's 20 newest kept; deleted at sign-out. Sessions looked up are kept in memory while this
 * instance hears of their changes (`listen`, ADR 034); without it, every request reads its session.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  await app.register(fastifyCookie)
  app.decorateRequest('user', null)
  app.decorateRequest('sessionId', null)
  const cache = options.listen ? await listeningCache(app, options.listen) : undefined
  // Every signed-in request asks for its session: the requests that arrive together ask in one query, each
  // session once (one user's many requests at once would otherwise make the list long enough for PostgreSQL
  // to scan every session rather than look each up), or find it kept.
  const findSession = batchedStatement(async (sids: readonly string[]) => {
    const read = (unknown: readonly string[]) =>
      findSessions(app.db, [...new Set(unknown)], {
        lifetime: SESSION_LIFETIME,
        betaPublic: options.betaPublic,
      })
    const found = await (cache ? cache.find(sids, read) : read(sids))
    return sids.map((sid) => found.get(sid) ?? null)
  })

  /** The cookie lives as long as the session: until `expire`. */
  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string, expire: Date) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: Math.max(0, Math.round((expire.getTime() - Date.now()) / 1000)),
    })

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE]
    if (!token) return
    const sid = sessionId(token)
    const session = await findSession(sid)
    if (!session) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' })
      return
    }
    request.sessionId = sid
    request.user = session.user
    const expire = new Date(session.expire).getTime()
    const absoluteEnd = new Date(session.createdAt).getTime() + SESSION_LIFETIME.absoluteDays * DAY_MS
    // Near its absolute end a session has no room to slide: extending it then would write every time.
    const extendDue = expire - Date.now() < EXTEND_WHEN_LEFT_MS && absoluteEnd - expire > DAY_MS
    if (extendDue || Date.now() - new Date(session.lastSeenAt).getTime() > LAST_SEEN_EVERY_MS) {
      const extended = new Date(await touchSession(app.db, sid, SESSION_LIFETIME))
      if (extendDue) setCookie(request, reply, token, extended)
    }
  })

  app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    // A new id at every sign-in: a session id planted before sign-in is worth nothing after it.
    if (request.sessionId) await deleteSession(app.db, request.sessionId)
    const token = randomBytes(32).toString('base64url')
    await insertSession(app.db, {
      sid: sessionId(token),
      userId,
      userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
      lifetime: SESSION_LIFETIME,
      keep: MAX_SESSIONS_PER_USER,
    })
    setCookie(request, reply, token, new Date(Date.now() + SESSION_LIFETIME.slidingDays * DAY_MS))
  })

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.sessionId) await deleteSession(app.db, request.sessionId)
    request.user = null
    request.sessionId = null
    reply.clearCookie(SESSION_COOKIE, { path: '/' })
  })
})

/**
 * A session cache that forgets what the database announces (migration 0033), and everything when the
 * listening connection comes back from a loss; none where this instance cannot listen.
 */
async function listeningCache(app: FastifyInstance, listen: Listen): Promise<SessionCache | undefined> {
  const cache = new SessionCache(SESSION_LIFETIME.absoluteDays, listen.caughtUp)
  try {
    const stop = await listen(
      SESSIONS_CHANNEL,
      (userId) => cache.forget(userId),
      () => cache.forget(''),
    )
    app.addHook('onClose', () => stop())
    return cache
  } catch (error) {
    app.log.warn({ err: error }, `not listening on ${SESSIONS_CHANNEL}: every request reads its session`)
    return undefined
  }
}
