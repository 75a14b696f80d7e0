import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '#server/errors.ts'
import { errors, json, noBody } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import {
  authProvidersSchema,
  betaAccessSchema,
  loginBodySchema,
  registerBodySchema,
  userSchema,
} from '#shared/contract/auth.ts'
import { AttemptLimiter } from './attempt-limiter.ts'
import { logIn, register, signInWithOidc, TOO_MANY_ATTEMPTS } from './auth.service.ts'
import type { OidcAttempt, OidcClient } from './oidc.ts'

const OIDC_COOKIE = 'bf_oidc'

export interface AuthRoutesOptions {
  betaPublic: boolean
  oidc?: OidcClient
  publicUrl?: string
  /** Sign-in and sign-up attempts allowed per IP address per minute, and per e-mail per 15 minutes. */
  limits: { perIpPerMinute: number; perEmailPer15Minutes: number }
}

/** What the provider sends back (RFC 6749 §4.1.2); openid-client reads and checks it from the URL. */
const oidcCallbackQuerySchema = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
})

const tags = ['Accounts']
const tooManyAttempts = 'Too many attempts from this address or for this e-mail (RATE_LIMITED).'

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const limiter = new AttemptLimiter(options.limits.perEmailPer15Minutes, 15 * 60 * 1000)
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS, 'RATE_LIMITED'),
  })
  const perIp = { rateLimit: { max: options.limits.perIpPerMinute, timeWindow: 60_000 } }

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Sign up with an e-mail and password, and start a session',
        body: registerBodySchema,
        response: {
          201: json('The new user; the session cookie is set', userSchema),
          ...errors({
            409: 'An account with this e-mail exists (CONFLICT).',
            429: tooManyAttempts,
          }),
        },
      },
      config: perIp,
    },
    async (request, reply) => {
      const user = await register({ db: app.db, body: request.body, limiter })
      await app.startSession(request, reply, user.id)
      return reply.code(201).send(user)
    },
  )

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with an e-mail and password: a new session',
        body: loginBodySchema,
        response: {
          200: json('The user; the session cookie is set', userSchema),
          ...errors({
            401: 'Incorrect e-mail or password, one message for both (WRONG_CREDENTIALS).',
            429: tooManyAttempts,
          }),
        },
      },
      config: perIp,
    },
    async (request, reply) => {
      const user = await logIn({ db: app.db, body: request.body, limiter })
      await app.startSession(request, reply, user.id)
      return user
    },
  )

  app.post(
    '/auth/logout',
    { schema: { tags, summary: 'Sign out: ends the session', response: { 204: noBody('Signed out') } } },
    async (request, reply) => {
      await app.endSession(request, reply)
      return reply.code(204).send()
    },
  )

  await app.register(
    signedInRoutes(async (signedIn) => {
      signedIn.get(
        '/auth/user',
        {
          schema: { tags, summary: 'The signed-in user', response: { 200: json('The user', userSchema) } },
        },
        async (request) => {
          const { hasAccess: _hasAccess, ...user } = request.signedInUser()
          return user
        },
      )

      signedIn.get(
        '/auth/beta-access',
        {
          schema: {
            tags,
            summary: 'Whether the signed-in user may use the app during the private beta',
            response: { 200: json('Their access', betaAccessSchema) },
          },
        },
        async (request) => {
          const user = request.signedInUser()
          return { hasAccess: user.hasAccess, isPublic: options.betaPublic, userEmail: user.email }
        },
      )
    }),
  )

  app.get(
    '/auth/providers',
    {
      schema: {
        tags,
        summary: 'The sign-in providers configured besides e-mail and password',
        response: { 200: json('The providers', authProvidersSchema) },
      },
    },
    async () => ({ oidc: Boolean(options.oidc) }),
  )

  // Through URL, so a default port never appears: the provider compares redirect URIs as text.
  const redirectUri = (request: FastifyRequest) =>
    new URL('/api/callback', options.publicUrl ?? `${request.protocol}://${request.host}`).href

  app.get(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in with OpenID Connect',
        response: {
          302: noBody("To the provider's sign-in page; to the app's /login page when OpenID Connect is off"),
        },
      },
    },
    async (request, reply) => {
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
    },
  )

  app.get(
    '/callback',
    {
      schema: {
        tags,
        summary: 'Where the OpenID Connect provider sends the browser back',
        querystring: oidcCallbackQuerySchema,
        response: {
          302: noBody('Signed in: to `/`. Otherwise to `/login?error=sign-in-expired` or `sign-in-failed`'),
        },
      },
    },
    async (request, reply) => {
      const attempt = readAttempt(request.cookies[OIDC_COOKIE])
      reply.clearCookie(OIDC_COOKIE, { path: '/api/callback' })
      if (!options.oidc || !attempt) return reply.redirect('/login?error=sign-in-expired')
      try {
        const callbackUrl = new URL(request.url, attempt.redirectUri)
        const profile = await options.oidc.finishSignIn(callbackUrl, attempt)
        const user = await signInWithOidc({ db: app.db, profile })
        await app.startSession(request, reply, user.id)
        return reply.redirect('/')
      } catch (error) {
        request.log.warn({ err: error }, 'OpenID Connect sign-in failed')
        return reply.redirect('/login?error=sign-in-failed')
      }
    },
  )

  app.get(
    '/logout',
    { schema: { tags, summary: 'Sign out and go to the start page', response: { 302: noBody('To `/`') } } },
    async (request, reply) => {
      await app.endSession(request, reply)
      return reply.redirect('/')
    },
  )
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
