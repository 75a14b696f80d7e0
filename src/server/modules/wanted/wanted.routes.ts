import { errors, json, noBody } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import { idParamsSchema } from '#shared/contract/common.ts'
import {
  wantedAlertsBodySchema,
  wantedAlertsResultSchema,
  wantedListQuerySchema,
  wantedListSchema,
} from '#shared/contract/imports.ts'
import { MAX_ALERTS_PER_USER } from '#shared/contract/values.ts'
import { removeWanted, setAlertsAtWantedPrices, wantedList } from './wanted.service.ts'

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

  app.post(
    '/me/wanted/alerts',
    {
      schema: {
        tags,
        summary:
          'Set a price alert at the most you would pay on these wanted items (`ids`), or on all of them (no ids)',
        description:
          'Each item without a "below" alert in the grade wanted (new when either will do) gets one at its limit, in the currency the file wrote it in when alerts can be kept in it, else in pounds. One already at its price fires at once.',
        body: wantedAlertsBodySchema,
        response: {
          200: json(
            'How many alerts were set, how many items had one, how many have no price',
            wantedAlertsResultSchema,
          ),
          ...errors({
            400: 'ids is not a list of 1 to 500 ids (BAD_REQUEST).',
            404: 'An id is not one of your wanted items; nothing was set (NOT_FOUND).',
            409: `The alerts would be more than ${MAX_ALERTS_PER_USER}; none was set (ALERT_LIMIT).`,
          }),
        },
      },
    },
    async (request) =>
      setAlertsAtWantedPrices({ db: app.db, userId: request.signedInUser().id, ids: request.body.ids }),
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
