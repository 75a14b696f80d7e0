import { errors, json, noBody } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import { idParamsSchema } from '#shared/contract/common.ts'
import { wantedListQuerySchema, wantedListSchema } from '#shared/contract/imports.ts'
import { removeWanted, wantedList } from './wanted.service.ts'

const tags = ['Collection']

/** The signed-in user's own wanted list (filled by imports); another user's item id answers 404. */
export const wantedRoutes = signedInRoutes(async (app) => {
  app.get(
    '/me/wanted',
    {
      schema: {
        tags,
        summary: 'The wanted list, newest first, with today’s fair price of each grade wanted',
        querystring: wantedListQuerySchema,
        response: { 200: json('A page of the wanted list and how many items it holds', wantedListSchema) },
      },
    },
    async (request) =>
      wantedList({
        db: app.db,
        userId: request.signedInUser().id,
        limit: request.query.limit,
        offset: request.query.offset,
      }),
  )

  app.delete(
    '/wanted/:id',
    {
      schema: {
        tags,
        summary: 'Remove an item from the wanted list',
        params: idParamsSchema,
        response: {
          204: noBody('Removed'),
          ...errors({ 404: 'No wanted item of yours has this id (NOT_FOUND).' }),
        },
      },
    },
    async (request, reply) => {
      await removeWanted({ db: app.db, userId: request.signedInUser().id, id: request.params.id })
      return reply.code(204).send()
    },
  )
})
