import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendCachedJson } from '#server/lib/read-cache.ts'
import { errors, json, noBody, sendJsonText } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import { itemIdParamsSchema } from '#shared/contract/catalogue.ts'
import { idSchema, rejectBodySchema } from '#shared/contract/common.ts'
import {
  priceByConditionSchema,
  priceHistoryQuerySchema,
  priceHistorySchema,
  priceSummarySchema,
  recordSaleBodySchema,
  saleIdParamsSchema,
  saleSchema,
  salesListQuerySchema,
  salesListSchema,
} from '#shared/contract/market.ts'
import type { Actor } from '#shared/permissions.ts'
import { marketCache } from './market.cache.ts'
import {
  priceByCondition,
  priceHistory,
  priceSummary,
  recordSale,
  rejectSale,
  removeSale,
  salesOfItem,
  verifySale,
} from './market.service.ts'

const tags = ['Market']
const itemIdParam = z.object({ itemId: idSchema({ name: 'itemId' }) })
const noSuchItem = errors({ 404: 'No item has this id (NOT_FOUND).' })
const noSuchSale = 'No sale has this id (NOT_FOUND).'

/** Sales and the fair prices computed from them: public reads (cached per item), signed-in writes. */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const listSales = async (
    reply: FastifyReply,
    itemId: number,
    query: { limit: number; offset: number },
    viewer: Actor | null,
  ) => sendJsonText(reply, await salesOfItem({ db: app.db, itemId, ...query, viewer }))
  const salesList = {
    tags,
    summary:
      'The item’s recorded sales, newest first: verified ones; pending ones only to their submitter and to trusted members and admins',
    querystring: salesListQuerySchema,
    response: { 200: json('A page of sales and how many there are', salesListSchema), ...noSuchItem },
  }
  app.get('/items/:id/sales', { schema: { ...salesList, params: itemIdParamsSchema } }, (request, reply) =>
    listSales(reply, request.params.id, request.query, request.user),
  )
  app.get(
    '/direct/sales/:itemId',
    { schema: { ...salesList, summary: 'The same, by the spec’s address', params: itemIdParam } },
    (request, reply) => listSales(reply, request.params.itemId, request.query, request.user),
  )

  app.get(
    '/items/:id/price-summary',
    {
      schema: {
        tags,
        summary: 'Fair price, confidence, trend and market figures per grade (pounds)',
        params: itemIdParamsSchema,
        response: { 200: json('New and used', priceSummarySchema), ...noSuchItem },
      },
    },
    async (request, reply) => {
      const itemId = request.params.id
      return sendCachedJson(
        reply,
        await app.readCache.text(marketCache.summary(itemId), () => priceSummary({ db: app.db, itemId })),
      )
    },
  )

  app.get(
    '/items/:id/price-by-condition',
    {
      schema: {
        tags,
        summary: 'Verified sales per condition: count and average (pounds)',
        params: itemIdParamsSchema,
        response: { 200: json('Most sales first', priceByConditionSchema), ...noSuchItem },
      },
    },
    async (request, reply) => {
      const itemId = request.params.id
      return sendCachedJson(
        reply,
        await app.readCache.json(marketCache.byCondition(itemId), () =>
          priceByCondition({ db: app.db, itemId }),
        ),
      )
    },
  )

  app.get(
    '/items/:id/price-history',
    {
      schema: {
        tags,
        summary: 'Daily fair prices of a grade over a range (pounds)',
        params: itemIdParamsSchema,
        querystring: priceHistoryQuerySchema,
        response: { 200: json('The points, oldest first', priceHistorySchema), ...noSuchItem },
      },
    },
    async (request, reply) => {
      const itemId = request.params.id
      return sendCachedJson(
        reply,
        await app.readCache.text(marketCache.history(itemId, request.query), () =>
          priceHistory({ db: app.db, itemId, ...request.query }),
        ),
      )
    },
  )

  await app.register(signedInRoutes(saleWriteRoutes))
}

const saleWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/items/:id/sales',
    {
      schema: {
        tags,
        summary: 'Record a sale: verified at once for trusted members and admins, else pending',
        params: itemIdParamsSchema,
        body: recordSaleBodySchema,
        response: {
          201: json('The sale, with its price in pounds at the sale day’s rate', saleSchema),
          ...errors({
            400: 'The condition is not one of the item’s, or the price does not fit (BAD_REQUEST).',
            404: 'No item has this id (NOT_FOUND).',
            409: 'This sale has been recorded already (CONFLICT).',
          }),
        },
      },
    },
    async (request, reply) => {
      const itemId = request.params.id
      const sale = await recordSale({ db: app.db, itemId, body: request.body, actor: request.signedInUser() })
      // Here at once ("updating"); the other instances when its recompute commits (ADR 021).
      app.readCache.forgetHere(marketCache.prices(itemId))
      app.priceRecompute.changed()
      return reply.code(201).send(sale)
    },
  )

  app.post(
    '/sales/:id/verify',
    {
      schema: {
        tags,
        summary:
          'Verify a pending sale, or overrule a rejection (trusted members, admins): it moves the fair price',
        params: saleIdParamsSchema,
        response: {
          200: json('The sale, verified', saleSchema),
          ...errors({
            403: 'Only trusted members and admins can verify sales (FORBIDDEN).',
            404: noSuchSale,
          }),
        },
      },
    },
    async (request) => {
      const sale = await verifySale({ db: app.db, id: request.params.id, actor: request.signedInUser() })
      app.readCache.forgetHere(marketCache.prices(sale.itemId))
      app.priceRecompute.changed()
      return sale
    },
  )

  app.post(
    '/sales/:id/reject',
    {
      schema: {
        tags,
        summary:
          'Reject a sale with a reason (trusted members, admins): it no longer counts, and its submitter sees why',
        params: saleIdParamsSchema,
        body: rejectBodySchema,
        response: {
          200: json('The sale, rejected, with its `rejectionReason`', saleSchema),
          ...errors({
            400: 'No reason, or one over 500 characters (BAD_REQUEST).',
            403: 'Only trusted members and admins can reject sales (FORBIDDEN).',
            404: noSuchSale,
            409: 'The sale is rejected already (CONFLICT).',
          }),
        },
      },
    },
    async (request) => {
      const sale = await rejectSale({
        db: app.db,
        id: request.params.id,
        reason: request.body.reason,
        actor: request.signedInUser(),
      })
      app.readCache.forgetHere(marketCache.prices(sale.itemId))
      app.priceRecompute.changed()
      return sale
    },
  )

  app.delete(
    '/sales/:id',
    {
      schema: {
        tags,
        summary: 'Delete a sale (trusted members, admins)',
        params: saleIdParamsSchema,
        response: {
          204: noBody('Deleted; the fair price no longer counts it'),
          ...errors({
            403: 'Only trusted members and admins can delete sales (FORBIDDEN).',
            404: noSuchSale,
          }),
        },
      },
    },
    async (request, reply) => {
      const { itemId } = await removeSale({
        db: app.db,
        id: request.params.id,
        actor: request.signedInUser(),
      })
      app.readCache.forgetHere(marketCache.prices(itemId))
      app.priceRecompute.changed()
      return reply.code(204).send()
    },
  )
}
