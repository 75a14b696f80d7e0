import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  listItemsQuerySchema,
  searchItemsQuerySchema,
  slugParamsSchema,
} from '../../../shared/contract/catalogue.ts'
import { cacheKey } from '../../lib/read-cache.ts'
import { getItemDetail, listCatalogue, searchCatalogue } from './items.service.ts'

function sendJson(reply: FastifyReply, { body, hit }: { body: string; hit: boolean }) {
  return reply
    .header('x-cache', hit ? 'hit' : 'miss')
    .type('application/json; charset=utf-8')
    .send(body)
}

export const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/items', { schema: { querystring: listItemsQuerySchema } }, async (request, reply) =>
    sendJson(
      reply,
      await app.readCache.json(cacheKey('items', request.query), () =>
        listCatalogue({ db: app.db, query: request.query }),
      ),
    ),
  )

  app.get('/items/slug/:slug', { schema: { params: slugParamsSchema } }, async (request, reply) =>
    sendJson(
      reply,
      await app.readCache.json(cacheKey('item', request.params), () =>
        getItemDetail({ db: app.db, slug: request.params.slug }),
      ),
    ),
  )

  app.get('/search/items', { schema: { querystring: searchItemsQuerySchema } }, async (request, reply) =>
    sendJson(
      reply,
      await app.readCache.json(cacheKey('search', request.query), () =>
        searchCatalogue({ db: app.db, query: request.query }),
      ),
    ),
  )
}
