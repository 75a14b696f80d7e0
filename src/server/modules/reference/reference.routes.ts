import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { json } from '#server/lib/responses.ts'
import {
  conditionsQuerySchema,
  conditionsResponseSchema,
  themesResponseSchema,
} from '#shared/contract/catalogue.ts'
import { listConditions, listThemes } from './reference.repo.ts'

const tags = ['Reference']

/** Reference data: the theme tree and the conditions an item can be in. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/themes',
    {
      schema: {
        tags,
        summary: 'Every theme with its parent; `category` is its top-level theme',
        response: { 200: json('The themes, by category and name', themesResponseSchema) },
      },
    },
    () => listThemes(app.db),
  )

  app.get(
    '/conditions',
    {
      schema: {
        tags,
        summary: 'The conditions an item can be in, with their grade (new or used)',
        querystring: conditionsQuerySchema,
        response: { 200: json('Best condition first', conditionsResponseSchema) },
      },
    },
    (request) => listConditions(app.db, request.query.category),
  )
}
