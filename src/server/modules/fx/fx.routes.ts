import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currentRates } from './fx.service.ts'

export const fxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/fx/rates', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return currentRates({ db: app.db })
  })
}
