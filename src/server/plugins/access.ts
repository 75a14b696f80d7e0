import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../errors.ts'

/** API paths anyone may call, signed in with or without beta access: sign-in itself and exchange rates. */
const OPEN_PATHS = [/^\/api\/auth\//, /^\/api\/(login|logout|callback)(\?|$)/, /^\/api\/fx\//]

/**
 * The private beta, enforced on the server: a signed-in user without access gets 403 from every API
 * route except the open ones above. Signed-out visitors are handled per route (public catalogue
 * reads, 401 elsewhere).
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || OPEN_PATHS.some((pattern) => pattern.test(request.url))) return
    if (request.user && !request.user.hasAccess) {
      throw new HttpError(
        403,
        `Brickfolio is in private beta and ${request.user.email ?? 'your account'} is not on the access list yet.`,
        'BETA_ACCESS_REQUIRED',
      )
    }
  })
})

/** For routes that need a signed-in user: 401 otherwise. */
export function requireUser(request: FastifyRequest) {
  if (!request.user) throw new HttpError(401, 'Authentication required. Please sign in.', 'UNAUTHENTICATED')
  return request.user
}

/** Route hook: 401 before the body is even validated, so a signed-out caller is told to sign in first. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request)
}
