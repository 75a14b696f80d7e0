import rateLimit from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '#server/errors.ts'
import { requireUser } from '#server/plugins/access.ts'
import { loginBodySchema, registerBodySchema } from '#shared/contract/auth.ts'
import { AttemptLimiter } from './attempt-limiter.ts'
import { upsertOidcUser } from './auth.repo.ts'
import { logIn, register, TOO_MANY_ATTEMPTS } from './auth.service.ts'
import type { OidcAttempt, OidcClient } from './oidc.ts'

const OIDC_COOKIE = 'bf_oidc'

export interface AuthRoutesOptions {
  betaPublic: boolean
  oidc?: OidcClient
  publicUrl?: string
  /** Sign-in and sign-up attempts allowed per IP address per minute, and per e-mail per 15 minutes. */
  limits: { perIpPerMinute: number; perEmailPer15Minutes: number }
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const limiter = new AttemptLimiter(options.limits.perEmailPer15Minutes, 15 * 60 * 1000)
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED'),
  })
  const perIp = { rateLimit: { max: options.limits.perIpPerMinute, timeWindow: 60_000 } }

  app.post(
    '/auth/register',
    { schema: { body: registerBodySchema }, config: perIp },
    async (request, reply) => {
      const user = await register({ db: app.db, body: request.body, limiter })
      await app.startSession(request, reply, user.id)
      return reply.code(201).send(user)
    },
  )

  app.post('/auth/login', { schema: { body: loginBodySchema }, config: perIp }, async (request, reply) => {
    const user = await logIn({ db: app.db, body: request.body, limiter })
    await app.startSession(request, reply, user.id)
    return user
  })

  app.post('/auth/logout', async (request, reply) => {
    await app.endSession(request, reply)
    return reply.code(204).send()
  })

  app.get('/auth/user', async (request) => {
    const { hasAccess: _hasAccess, ...user } = requireUser(request)
    return user
  })

  app.get('/auth/beta-access', async (request) => {
    const user = requireUser(request)
    return { hasAccess: user.hasAccess, isPublic: options.betaPublic, userEmail: user.email }
  })

  app.get('/auth/providers', async () => ({ oidc: Boolean(options.oidc) }))

  // Through URL, so a default port never appears: the provider compares redirect URIs as text.
  const redirectUri = (request: FastifyRequest) =>
    new URL('/api/callback', options.publicUrl ?? `${request.protocol}://${request.host}`).href

  app.get('/login', async (request, reply) => {
    if (!options.oidc) return reply.redirect('/login')
    const { url, attempt } = await options.oidc.startSignIn(redirectUri(request))
    reply.setCookie(OIDC_COOKIE, JSON.stringify(attempt), {
      path: '/api/callback',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: 10 * 60,
    })
    return reply.redirect(url)
  })

  app.get('/callback', async (request: FastifyRequest, reply: FastifyReply) => {
    const attempt = readAttempt(request.cookies[OIDC_COOKIE])
    reply.clearCookie(OIDC_COOKIE, { path: '/api/callback' })
    if (!options.oidc || !attempt) return reply.redirect('/login?error=sign-in-expired')
    try {
      const callbackUrl = new URL(request.url, attempt.redirectUri)
      const profile = await options.oidc.finishSignIn(callbackUrl, attempt)
      const user = await upsertOidcUser(app.db, profile)
      await app.startSession(request, reply, user.id)
      return reply.redirect('/')
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID Connect sign-in failed')
      return reply.redirect('/login?error=sign-in-failed')
    }
  })

  app.get('/logout', async (request, reply) => {
    await app.endSession(request, reply)
    return reply.redirect('/')
  })
}

const attemptSchema = z.object({ verifier: z.string(), state: z.string(), redirectUri: z.url() })

function readAttempt(cookie: string | undefined): OidcAttempt | undefined {
  if (!cookie) return undefined
  try {
    return attemptSchema.parse(JSON.parse(cookie))
  } catch {
    return undefined
  }
}
