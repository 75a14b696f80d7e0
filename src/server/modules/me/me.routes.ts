import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { updateProfileBodySchema } from '../../../shared/contract/me.ts'
import { notFound } from '../../errors.ts'
import { requireUser, signedIn } from '../../plugins/access.ts'
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

  app.get('/me/stats', { onRequest: signedIn }, async (request) =>
    userStats(app.db, requireUser(request).id, new Date().toISOString().slice(0, 10)),
  )
}
