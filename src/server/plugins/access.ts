import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../errors.ts'
import { documentError } from '../lib/responses.ts'

/**
 * API paths anyone may call, signed in with or without beta access: sign-in itself, exchange rates and the
 * API reference (it shows no one's data).
 */
const OPEN_PATHS = [
  /^\/api\/auth\//,
  /^\/api\/(login|logout|callback)(\?|$)/,
  /^\/api\/fx\//,
  /^\/api\/(docs|openapi\.json)(\/|\?|$)/,
]

const isGuarded = (url: string) => url.startsWith('/api/') && !OPEN_PATHS.some((pattern) => pattern.test(url))

/**
 * The private beta, enforced on the server: a signed-in user without access gets 403 from every API
 * route except the open ones above. Signed-out visitors are handled per scope (public catalogue
 * reads; `signedInRoutes` answer 401).
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (isGuarded(route.url)) {
      documentError(
        route,
        403,
        "The signed-in user is not on the private beta's access list (BETA_ACCESS_REQUIRED).",
      )
    }
  })
  app.addHook('onRequest', async (request) => {
    if (!isGuarded(request.url)) return
    if (request.user && !request.user.hasAccess) {
      throw new HttpError(
        403,
        `Brickfolio is in private beta and ${request.user.email ?? 'your account'} is not on the access list yet.`,
        'BETA_ACCESS_REQUIRED',
      )
    }
  })
})
