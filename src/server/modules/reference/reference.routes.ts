import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { conditionsQuerySchema } from '#shared/contract/catalogue.ts'
import { listConditions, listThemes } from './reference.repo.ts'

/** Reference data: the theme tree and the conditions an item can be in. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/themes', () => listThemes(app.db))

  app.get('/conditions', { schema: { querystring: conditionsQuerySchema } }, (request) =>
    listConditions(app.db, request.query.category),
  )
}
