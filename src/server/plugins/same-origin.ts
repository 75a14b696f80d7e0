import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../errors.ts'
import { documentError } from '../lib/responses.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request carries its own credential (a secret token in the URL) and the session cookie plays no part:
     * another site can do no more with it than the holder of the secret, so any origin may send it. Mail
     * providers send RFC 8058's one-click unsubscribe from their servers or their webmail's origin.
     */
    anyOrigin?: boolean
  }
}

/**
 * State-changing requests must come from our own pages (DESIGN §4): a browser names the page's origin
 * in `Origin` (and `Sec-Fetch-Site`) on every cross-site request, so those are refused with 403. Our
 * origin is the one the request was made to, plus PUBLIC_URL's when set. Routes whose credential is in the
 * request itself (`config.anyOrigin`) are left alone.
 */
export const sameOriginPlugin = fp(async (app: FastifyInstance, options: { publicUrl?: string }) => {
  const configured = options.publicUrl ? new URL(options.publicUrl).origin : undefined
  app.addHook('onRoute', (route) => {
    if (route.config?.anyOrigin) return
    if ([route.method].flat().some((method) => STATE_CHANGING.has(method))) {
      documentError(route, 403, 'The request came from another website (CROSS_ORIGIN).')
    }
  })
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || request.routeOptions.config.anyOrigin) return
    const origin = request.headers.origin
    const own = `${request.protocol}://${request.host}`
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site'
    if (crossSite || (origin !== undefined && origin !== own && origin !== configured)) {
      throw new HttpError(403, 'Requests from other websites are not allowed.', 'CROSS_ORIGIN')
    }
  })
})
