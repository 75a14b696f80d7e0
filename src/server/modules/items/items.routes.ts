import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  listItemsQuerySchema,
  searchItemsQuerySchema,
  slugParamsSchema,
} from '../../../shared/contract/catalogue.ts'
import { getItemDetail, listCatalogue, searchCatalogue } from './items.service.ts'

export const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/items', { schema: { querystring: listItemsQuerySchema } }, (request) =>
    listCatalogue({ db: app.db, query: request.query }),
  )

  app.get('/items/slug/:slug', { schema: { params: slugParamsSchema } }, (request) =>
    getItemDetail({ db: app.db, slug: request.params.slug }),
  )

  app.get('/search/items', { schema: { querystring: searchItemsQuerySchema } }, (request) =>
    searchCatalogue({ db: app.db, query: request.query }),
  )
}
