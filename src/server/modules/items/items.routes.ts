import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cacheKey, sendCachedJson } from '#server/lib/read-cache.ts'
import { requireUser, signedIn } from '#server/plugins/access.ts'
import {
  itemIdParamsSchema,
  itemWriteBodySchema,
  listItemsQuerySchema,
  searchItemsQuerySchema,
  slugParamsSchema,
} from '#shared/contract/catalogue.ts'
import { getItemDetail, listCatalogue, searchCatalogue } from './items.service.ts'
import { createItem, editItem, removeItem } from './items.write.service.ts'

export const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/items', { schema: { querystring: listItemsQuerySchema } }, async (request, reply) =>
    sendCachedJson(
      reply,
      await app.readCache.json(cacheKey('items', request.query), () =>
        listCatalogue({ db: app.db, query: request.query }),
      ),
    ),
  )

  app.get('/items/slug/:slug', { schema: { params: slugParamsSchema } }, async (request, reply) =>
    sendCachedJson(
      reply,
      await app.readCache.json(cacheKey('item', request.params), () =>
        getItemDetail({ db: app.db, slug: request.params.slug }),
      ),
    ),
  )

  app.post(
    '/items',
    { onRequest: signedIn, schema: { body: itemWriteBodySchema } },
    async (request, reply) => {
      const writer = requireUser(request)
      const created = await createItem({ db: app.db, body: request.body, writer })
      app.readCache.clear()
      return reply.code(201).send(await getItemDetail({ db: app.db, slug: created.slug }))
    },
  )

  app.put(
    '/items/:id',
    { onRequest: signedIn, schema: { params: itemIdParamsSchema, body: itemWriteBodySchema } },
    async (request) => {
      const writer = requireUser(request)
      const updated = await editItem({ db: app.db, id: request.params.id, body: request.body, writer })
      app.readCache.clear()
      return getItemDetail({ db: app.db, slug: updated.slug })
    },
  )

  app.delete(
    '/items/:id',
    { onRequest: signedIn, schema: { params: itemIdParamsSchema } },
    async (request, reply) => {
      await removeItem({ db: app.db, id: request.params.id, actor: requireUser(request) })
      app.readCache.clear()
      return reply.code(204).send()
    },
  )

  app.get('/search/items', { schema: { querystring: searchItemsQuerySchema } }, async (request, reply) =>
    sendCachedJson(
      reply,
      await app.readCache.json(cacheKey('search', request.query), () =>
        searchCatalogue({ db: app.db, query: request.query }),
      ),
    ),
  )
}
