import { stringify } from 'csv-stringify/sync'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cacheKey, sendCachedJson } from '#server/lib/read-cache.ts'
import { requireUser, signedIn } from '#server/plugins/access.ts'
import {
  addCollectionBodySchema,
  collectionIdParamsSchema,
  collectionQuerySchema,
  portfolioQuerySchema,
  updateCollectionBodySchema,
} from '#shared/contract/collections.ts'
import { todayUtc } from '#shared/dates.ts'
import {
  addEntry,
  changeEntry,
  collectionPage,
  exportEntries,
  portfolio,
  removeEntry,
} from './collections.service.ts'

/** A user's cached collection answers start with this; the user's own changes forget them. */
export const collectionCachePrefix = (userId: string) => `collection:${userId}:`

export const collectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec names both: the collection screen's list and the home page's.
  for (const url of ['/collections', '/me/collection']) {
    app.get(
      url,
      { onRequest: signedIn, schema: { querystring: collectionQuerySchema } },
      async (request, reply) => {
        const user = requireUser(request)
        return sendCachedJson(
          reply,
          await app.readCache.json(cacheKey(`${collectionCachePrefix(user.id)}page`, request.query), () =>
            collectionPage({ db: app.db, userId: user.id, query: request.query }),
          ),
        )
      },
    )
  }

  app.post(
    '/collections',
    { onRequest: signedIn, schema: { body: addCollectionBodySchema } },
    async (request, reply) => {
      const owner = requireUser(request)
      const entry = await addEntry({ db: app.db, owner, body: request.body })
      app.readCache.forget(collectionCachePrefix(owner.id))
      return reply.code(201).send(entry)
    },
  )

  app.patch(
    '/collections/:id',
    { onRequest: signedIn, schema: { params: collectionIdParamsSchema, body: updateCollectionBodySchema } },
    async (request) => {
      const owner = requireUser(request)
      const entry = await changeEntry({ db: app.db, owner, id: request.params.id, body: request.body })
      app.readCache.forget(collectionCachePrefix(owner.id))
      return entry
    },
  )

  app.delete(
    '/collections/:id',
    { onRequest: signedIn, schema: { params: collectionIdParamsSchema } },
    async (request, reply) => {
      const owner = requireUser(request)
      await removeEntry({ db: app.db, owner, id: request.params.id })
      app.readCache.forget(collectionCachePrefix(owner.id))
      return reply.code(204).send()
    },
  )

  app.get('/collections/export.csv', { onRequest: signedIn }, async (request, reply) => {
    const user = requireUser(request)
    const entries = await exportEntries({ db: app.db, userId: user.id })
    const csv = stringify(
      entries.map((entry) => [
        entry.item.number,
        entry.item.name,
        entry.item.type,
        entry.item.theme,
        entry.condition.label,
        entry.quantity,
        entry.originalPrice ?? entry.pricePaid,
        entry.currency ?? 'GBP',
        entry.pricePaid,
        entry.purchaseDate ?? '',
        entry.priceSnapshot?.fairPriceGbp ?? '',
        entry.costBasis,
        entry.value ?? '',
        entry.pnl ?? '',
      ]),
      {
        header: true,
        columns: [
          'item_number',
          'name',
          'type',
          'theme',
          'condition',
          'quantity',
          'price_paid',
          'price_paid_currency',
          'price_paid_gbp',
          'purchase_date',
          'fair_price_gbp',
          'cost_basis_gbp',
          'value_gbp',
          'pnl_gbp',
        ],
      },
    )
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="brickfolio-collection-${todayUtc()}.csv"`)
      .send(csv)
  })

  app.get(
    '/me/portfolio',
    { onRequest: signedIn, schema: { querystring: portfolioQuerySchema } },
    async (request) => {
      const user = requireUser(request)
      return portfolio({ db: app.db, userId: user.id, range: request.query.range })
    },
  )
}
