import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../errors.ts'
import { documentError } from '../lib/responses.ts'

/**
 * API routes anyone may call, signed in with or without beta access: sign-in itself, exchange rates, the
 * API reference (it shows no one's data) and the unsubscribe link of alert e-mails (its token is the key). Matched against route patterns ('/api/auth/user'), never
 * against the request's URL text.
 */
const OPEN_ROUTES = [
  /^\/api\/auth\//,
  /^\/api\/(login|logout|callback)$/,
  /^\/api\/fx\//,
  /^\/api\/(docs|openapi\.json)(\/|$)/,
  /^\/api\/email\/unsubscribe$/,
]

const isGuarded = (routeUrl: string) =>
  routeUrl.startsWith('/api/') && !OPEN_ROUTES.some((pattern) => pattern.test(routeUrl))

/**
 * The private beta, enforced on the server: a signed-in user without access gets 403 from every API
 * route except the open ones above. Signed-out visitors are handled per scope (public catalogue
 * reads; `signedInRoutes` answer 401).
 *
 * The decision uses the route Fastify matched, not the URL text: the request line may be in absolute
 * form (`GET http://host/api/collections`), and the router may match text that is spelled differently
 * from the pattern; whatever it matched is what runs, so that is what is checked. A request that
 * matched no route runs only the 404 handler.
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
    const route = request.routeOptions.url
    if (route === undefined || !isGuarded(route)) return
    if (request.user && !request.user.hasAccess) {
      throw new HttpError(
        403,
        `Brickfolio is in private beta and ${request.user.email ?? 'your account'} is not on the access list yet.`,
        'BETA_ACCESS_REQUIRED',
      )
    }
  })
})
