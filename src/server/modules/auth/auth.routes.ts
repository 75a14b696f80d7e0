import rateLimit from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest } from 'fastify'
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
import { AttemptLimiter, sharedRateLimitStore } from './attempt-limiter.ts'
import { logIn, register, signInWithOidc, TOO_MANY_ATTEMPTS } from './auth.service.ts'
import { KnownDevices } from './known-devices.ts'
import type { OidcAttempt, OidcClient } from './oidc.ts'
import { PasswordCheckBusyError } from './passwords.ts'

const OIDC_COOKIE = 'bf_oidc'
/** Marks a browser that has signed in to an account before (known-devices.ts); read only by sign-in. */
const DEVICE_COOKIE = 'bf_device'
const DEVICE_COOKIE_DAYS = 90

export interface AuthRoutesOptions {
  betaPublic: boolean
  oidc?: OidcClient
  publicUrl?: string
  /**
   * Sign-in and sign-up requests allowed per IP address per minute; sign-in attempts per e-mail and source
   * together, and 'e-mail taken' answers per source, per 15 minutes.
   */
  limits: { perIpPerMinute: number; perSourcePer15Minutes: number }
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
const tooManyAttempts =
  'Too many attempts from this address, or for this e-mail from this address (RATE_LIMITED).'
const busy = 'Too many passwords being checked at once; `Retry-After` says when to try again (SERVER_BUSY).'

/**
 * Browsers name where a request came from in `Sec-Fetch-Site`: our own pages ('same-origin') or the
 * address bar and bookmarks ('none'). Anything else, or no header at all, may be another site's link. And
 * it must be a navigation (`Sec-Fetch-Mode`), not a picture or script some page of ours points at it.
 */
const OWN_ORIGINS = new Set(['same-origin', 'none'])
function isOwnNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'] ?? 'navigate'
  return OWN_ORIGINS.has(String(request.headers['sec-fetch-site'])) && mode === 'navigate'
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const limiter = new AttemptLimiter(app.db, options.limits.perSourcePer15Minutes, 15 * 60 * 1000)
  const knownDevices = await KnownDevices.load(app.db)
  const rememberDevice = (request: FastifyRequest, reply: FastifyReply, email: string | null) => {
    if (!email) return
    reply.setCookie(DEVICE_COOKIE, knownDevices.tokenFor(email), {
      path: '/api/auth/login',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    })
  }
  // Before the error handler writes the answer: a busy 503 says when to come back.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof PasswordCheckBusyError) reply.header('retry-after', String(error.retryAfterSeconds))
  })
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(app.db),
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
            400: 'The password is one of the most common ones, one character repeated, or the e-mail itself (WEAK_PASSWORD); the message says which.',
            409: 'An account with this e-mail exists (CONFLICT).',
            429: tooManyAttempts,
            503: busy,
          }),
        },
      },
      config: perIp,
    },
    async (request, reply) => {
      const user = await register({
        db: app.db,
        body: request.body,
        limiter,
        source: request.ip,
        log: request.log,
      })
      await app.startSession(request, reply, user.id)
      rememberDevice(request, reply, user.email)
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
            503: busy,
          }),
        },
      },
      config: perIp,
    },
    async (request, reply) => {
      // A browser that signed in to this account before has attempts of its own (known-devices.ts).
      const known = knownDevices.recognises(request.cookies[DEVICE_COOKIE], request.body.email)
      const source = known ? 'a known device' : request.ip
      const user = await logIn({ db: app.db, body: request.body, limiter, source })
      await app.startSession(request, reply, user.id)
      rememberDevice(request, reply, user.email)
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
        const user = await signInWithOidc({ db: app.db, profile, log: request.log })
        await app.startSession(request, reply, user.id)
        return reply.redirect('/')
      } catch (error) {
        request.log.warn({ err: error }, 'OpenID Connect sign-in failed')
        return reply.redirect('/login?error=sign-in-failed')
      }
    },
  )

  // A link on another site must not sign people out (a GET passes the same-origin check of writes), so
  // the GET ends the session only for our own pages and the address bar; anything else just goes home.
  // Browsers that send no Sec-Fetch-Site (plain HTTP to a non-local address) sign out with the POST,
  // which is what the web app's own Sign out does.
  app.get(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Sign out from our own pages or the address bar, and go to the start page',
        description:
          'Ends the session only when the browser says the navigation came from this site or the address ' +
          "bar (`Sec-Fetch-Site: same-origin` or `none`); from another site's link it only redirects. " +
          'Scripts and the web app sign out with `POST /api/auth/logout`.',
        response: { 302: noBody('To `/`, signed out (or, from another site, still signed in)') },
      },
    },
    async (request, reply) => {
      if (isOwnNavigation(request)) await app.endSession(request, reply)
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
