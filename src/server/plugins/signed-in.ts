import type { FastifyPluginOptions, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HttpError } from '../errors.ts'
import { documentError } from '../lib/responses.ts'
import type { SessionUser } from '../modules/auth/sessions.repo.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user. Decorated only inside `signedInRoutes`, whose hook has already answered 401
     * to anyone signed out, so a route there never checks again (and a route outside cannot call it).
     */
    signedInUser(): Readonly<SessionUser>
  }
}

export const SIGN_IN_REQUIRED = 'Authentication required. Please sign in.'

/**
 * A group of routes for signed-in users only (fastify/demo's `autohooks`): the routes are registered in an
 * encapsulated scope whose `onRequest` hook answers 401 to a signed-out caller — before the body is even
 * parsed or validated, so they are told to sign in first — and whose requests carry `signedInUser()`.
 * Public routes that merely notice a user (catalogue reads) stay outside.
 */
export function signedInRoutes<Options extends FastifyPluginOptions = Record<never, never>>(
  routes: FastifyPluginAsyncZod<Options>,
): FastifyPluginAsyncZod<Options> {
  return async (scope, options) => {
    scope.decorateRequest('signedInUser', signedInUser)
    scope.addHook('onRoute', (route) => {
      documentError(route, 401, 'Not signed in (UNAUTHENTICATED).')
      route.schema = { ...route.schema, security: [{ session: [] }] }
    })
    scope.addHook('onRequest', async (request) => {
      if (!request.user) throw new HttpError(401, SIGN_IN_REQUIRED, 'UNAUTHENTICATED')
    })
    await routes(scope, options)
  }
}

function signedInUser(this: FastifyRequest): Readonly<SessionUser> {
  // Never true behind the scope's hook; it keeps the type honest without a cast.
  if (!this.user) throw new HttpError(401, SIGN_IN_REQUIRED, 'UNAUTHENTICATED')
  return this.user
}
