import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { notFound } from '#server/errors.ts'
import { sendCachedJson } from '#server/lib/read-cache.ts'
import { requireUser, signedIn } from '#server/plugins/access.ts'
import { updateProfileBodySchema } from '#shared/contract/me.ts'
import { todayUtc } from '#shared/dates.ts'
import { collectionCachePrefix } from '../collections/collections.routes.ts'
import { updateProfile, userStats } from './me.repo.ts'

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/me/profile',
    { onRequest: signedIn, schema: { body: updateProfileBodySchema } },
    async (request) => {
      const user = requireUser(request)
      const updated = await updateProfile(app.db, user.id, request.body)
      if (!updated) throw notFound('Your account no longer exists.')
      return updated
    },
  )

  // Cached with the user's collection answers, which their own changes forget.
  app.get('/me/stats', { onRequest: signedIn }, async (request, reply) => {
    const user = requireUser(request)
    return sendCachedJson(
      reply,
      await app.readCache.json(`${collectionCachePrefix(user.id)}stats`, () =>
        userStats(app.db, user.id, todayUtc()),
      ),
    )
  })
}
