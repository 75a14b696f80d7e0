import { createHash, randomBytes } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { User } from '#shared/contract/auth.ts'
import { deleteSession, extendSession, findSession, insertSession } from '../modules/auth/auth.repo.ts'

export const SESSION_COOKIE = 'bf_session'
const SESSION_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000
/** A session is extended (one write) at most once a day, not on every request. */
const EXTEND_WHEN_LEFT_MS = (SESSION_DAYS - 1) * DAY_MS

export interface SessionUser extends User {
  /** Beta access: the beta is public, the e-mail is on the access list, or the user is an admin. */
  hasAccess: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null
    sessionId: string | null
  }
  interface FastifyInstance {
    startSession: (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<void>
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

/** The stored id is a hash of the cookie's token, so a leaked sessions table opens no session. */
const sessionId = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Server-side sessions in the `sessions` table (DESIGN §4): an httpOnly, SameSite=Lax cookie holding a
 * random token; 30 days, sliding; a new session at every sign-in; deleted at sign-out.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { betaPublic: boolean }) => {
  await app.register(fastifyCookie)
  app.decorateRequest('user', null)
  app.decorateRequest('sessionId', null)

  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: SESSION_DAYS * 24 * 60 * 60,
    })

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE]
    if (!token) return
    const sid = sessionId(token)
    const session = await findSession(app.db, sid)
    if (!session) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' })
      return
    }
    request.sessionId = sid
    request.user = {
      ...session.user,
      hasAccess: options.betaPublic || session.onAccessList || session.user.role === 'admin',
    }
    if (new Date(session.expire).getTime() - Date.now() < EXTEND_WHEN_LEFT_MS) {
      await extendSession(app.db, sid, new Date(Date.now() + SESSION_DAYS * DAY_MS))
      setCookie(request, reply, token)
    }
  })

  app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    // A new id at every sign-in: a session id planted before sign-in is worth nothing after it.
    if (request.sessionId) await deleteSession(app.db, request.sessionId)
    const token = randomBytes(32).toString('base64url')
    await insertSession(app.db, {
      sid: sessionId(token),
      userId,
      expire: new Date(Date.now() + SESSION_DAYS * DAY_MS),
    })
    setCookie(request, reply, token)
  })

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.sessionId) await deleteSession(app.db, request.sessionId)
    request.user = null
    request.sessionId = null
    reply.clearCookie(SESSION_COOKIE, { path: '/' })
  })
})
