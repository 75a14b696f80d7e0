import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../errors.ts'
import { documentError } from '../lib/responses.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * State-changing requests must come from our own pages (DESIGN §4): a browser names the page's origin
 * in `Origin` (and `Sec-Fetch-Site`) on every cross-site request, so those are refused with 403. Our
 * origin is the one the request was made to, plus PUBLIC_URL's when set.
 */
export const sameOriginPlugin = fp(async (app: FastifyInstance, options: { publicUrl?: string }) => {
  const configured = options.publicUrl ? new URL(options.publicUrl).origin : undefined
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().some((method) => STATE_CHANGING.has(method))) {
      documentError(route, 403, 'The request came from another website (CROSS_ORIGIN).')
    }
  })
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return
    const origin = request.headers.origin
    const own = `${request.protocol}://${request.host}`
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site'
    if (crossSite || (origin !== undefined && origin !== own && origin !== configured)) {
      throw new HttpError(403, 'Requests from other websites are not allowed.', 'CROSS_ORIGIN')
    }
  })
})
