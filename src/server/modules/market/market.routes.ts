import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { cacheKey, sendCachedJson } from '#server/lib/read-cache.ts'
import { requireUser, signedIn } from '#server/plugins/access.ts'
import { itemIdParamsSchema } from '#shared/contract/catalogue.ts'
import {
  priceHistoryQuerySchema,
  recordSaleBodySchema,
  saleIdParamsSchema,
  salesListQuerySchema,
} from '#shared/contract/market.ts'
import {
  priceByCondition,
  priceHistory,
  priceSummary,
  recordSale,
  removeSale,
  salesOfItem,
  verifySale,
} from './market.service.ts'

const itemIdParam = z.object({ itemId: itemIdParamsSchema.shape.id })
/** Cached price answers of one item start with this, so a sale forgets exactly them. */
const pricesPrefix = (itemId: number) => `prices:${itemId}:`

export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/items/:id/sales',
    { onRequest: signedIn, schema: { params: itemIdParamsSchema, body: recordSaleBodySchema } },
    async (request, reply) => {
      const actor = requireUser(request)
      const sale = await recordSale({ db: app.db, itemId: request.params.id, body: request.body, actor })
      app.readCache.forget(pricesPrefix(request.params.id))
      return reply.code(201).send(sale)
    },
  )

  const listSales = (itemId: number, query: { limit: number; offset: number }) =>
    salesOfItem({ db: app.db, itemId, ...query })
  app.get(
    '/items/:id/sales',
    { schema: { params: itemIdParamsSchema, querystring: salesListQuerySchema } },
    (request) => listSales(request.params.id, request.query),
  )
  app.get(
    '/direct/sales/:itemId',
    { schema: { params: itemIdParam, querystring: salesListQuerySchema } },
    (request) => listSales(request.params.itemId, request.query),
  )

  app.post(
    '/sales/:id/verify',
    { onRequest: signedIn, schema: { params: saleIdParamsSchema } },
    async (request) => {
      const sale = await verifySale({ db: app.db, id: request.params.id, actor: requireUser(request) })
      app.readCache.forget(pricesPrefix(sale.itemId))
      return sale
    },
  )

  app.delete(
    '/sales/:id',
    { onRequest: signedIn, schema: { params: saleIdParamsSchema } },
    async (request, reply) => {
      const { itemId } = await removeSale({ db: app.db, id: request.params.id, actor: requireUser(request) })
      app.readCache.forget(pricesPrefix(itemId))
      return reply.code(204).send()
    },
  )

  app.get('/items/:id/price-summary', { schema: { params: itemIdParamsSchema } }, async (request, reply) => {
    const itemId = request.params.id
    return sendCachedJson(
      reply,
      await app.readCache.json(`${pricesPrefix(itemId)}summary`, () => priceSummary({ db: app.db, itemId })),
    )
  })

  app.get(
    '/items/:id/price-by-condition',
    { schema: { params: itemIdParamsSchema } },
    async (request, reply) => {
      const itemId = request.params.id
      return sendCachedJson(
        reply,
        await app.readCache.json(`${pricesPrefix(itemId)}conditions`, () =>
          priceByCondition({ db: app.db, itemId }),
        ),
      )
    },
  )

  app.get(
    '/items/:id/price-history',
    { schema: { params: itemIdParamsSchema, querystring: priceHistoryQuerySchema } },
    async (request, reply) => {
      const itemId = request.params.id
      return sendCachedJson(
        reply,
        await app.readCache.json(cacheKey(`${pricesPrefix(itemId)}history`, request.query), () =>
          priceHistory({ db: app.db, itemId, ...request.query }),
        ),
      )
    },
  )
}
