import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { json } from '#server/lib/responses.ts'
import { fxRatesResponseSchema } from '#shared/contract/fx.ts'
import { currentRates } from './fx.service.ts'

export const fxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fx/rates',
    {
      schema: {
        tags: ['Exchange rates'],
        summary: 'Units of each currency per US dollar: the stored rates, else the built-in ones',
        response: { 200: json('The rates (cacheable for 5 minutes)', fxRatesResponseSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return currentRates({ db: app.db })
    },
  )
}
