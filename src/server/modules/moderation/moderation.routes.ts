import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errors, json } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import { idParamsSchema, rejectBodySchema } from '#shared/contract/common.ts'
import {
  approvedItemRequestSchema,
  approveItemRequestBodySchema,
  createdItemRequestsSchema,
  createItemRequestsBodySchema,
  itemRequestListSchema,
  itemRequestSchema,
  itemRequestsQuerySchema,
  reviewSalesQuerySchema,
  reviewSalesSchema,
} from '#shared/contract/moderation.ts'
import { itemPage } from '../items/items.service.ts'
import { saleReviewQueue } from '../market/market.service.ts'
import {
  approveItemRequest,
  itemRequestQueue,
  rejectItemRequest,
  requestItems,
} from './moderation.service.ts'

const tags = ['Moderation']
const moderatorsOnly = (what: string) => `Only trusted members and admins can ${what} (FORBIDDEN).`
const noSuchRequest = 'No item request has this id (NOT_FOUND).'
const decided = 'The request has been approved or rejected already (CONFLICT).'

/**
 * The moderation screen's calls (DESIGN §4): the queue of sales to review (verifying and rejecting are the
 * market's: POST /api/sales/{id}/verify and /reject), and the requests to add items to the catalogue.
 */
export const moderationRoutes: FastifyPluginAsyncZod = signedInRoutes(async (app) => {
  app.get(
    '/moderation/sales',
    {
      schema: {
        tags,
        summary:
          'Sales waiting for review, the oldest first (or the rejected ones, the newest first), with their item and submitter',
        querystring: reviewSalesQuerySchema,
        response: {
          200: json('A page of sales and how many there are', reviewSalesSchema),
          ...errors({ 403: moderatorsOnly('review sales') }),
        },
      },
    },
    (request) => saleReviewQueue({ db: app.db, query: request.query, actor: request.signedInUser() }),
  )

  app.post(
    '/item-requests',
    {
      schema: {
        tags,
        summary:
          'Ask for numbers to be added to the catalogue (anyone signed in): a number already waiting joins its request',
        body: createItemRequestsBodySchema,
        response: {
          200: json(
            'How many requests were made, and how many joined one waiting',
            createdItemRequestsSchema,
          ),
          ...errors({
            400: 'No requests, more than 500, or a number, name, theme or year that does not fit.',
          }),
        },
      },
    },
    (request) =>
      requestItems({ db: app.db, requests: request.body.requests, submitter: request.signedInUser() }),
  )

  app.get(
    '/moderation/item-requests',
    {
      schema: {
        tags,
        summary:
          'Requests to add items: the waiting ones, the oldest first (or the decided ones, the latest first)',
        querystring: itemRequestsQuerySchema,
        response: {
          200: json('A page of requests and how many there are', itemRequestListSchema),
          ...errors({ 403: moderatorsOnly('review item requests') }),
        },
      },
    },
    (request) => itemRequestQueue({ db: app.db, query: request.query, actor: request.signedInUser() }),
  )

  app.post(
    '/item-requests/:id/approve',
    {
      schema: {
        tags,
        summary:
          'Approve a request by adding the item (trusted members, admins), checked as POST /api/items checks it',
        params: idParamsSchema,
        body: approveItemRequestBodySchema,
        response: {
          200: json('The request, approved, and the item added', approvedItemRequestSchema),
          ...errors({
            400: 'The item does not fit, as for POST /api/items (BAD_REQUEST).',
            403: moderatorsOnly('approve item requests'),
            404: noSuchRequest,
            409: `${decided} Or another item of the type has this number (CONFLICT).`,
          }),
        },
      },
    },
    async (request) => {
      const approved = await approveItemRequest({
        db: app.db,
        id: request.params.id,
        body: request.body,
        actor: request.signedInUser(),
      })
      // A new item: the catalogue's cached answers (lists, search) no longer hold, and its page is read from the
      // catalogue once it has caught up.
      await app.readCache.clear()
      return {
        request: approved.request,
        item: await itemPage({ catalogue: app.catalogue, slug: approved.item.slug }),
      }
    },
  )

  app.post(
    '/item-requests/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a request with a reason (trusted members, admins)',
        params: idParamsSchema,
        body: rejectBodySchema,
        response: {
          200: json('The request, rejected', itemRequestSchema),
          ...errors({
            400: 'No reason, or one over 500 characters (BAD_REQUEST).',
            403: moderatorsOnly('reject item requests'),
            404: noSuchRequest,
            409: decided,
          }),
        },
      },
    },
    (request) =>
      rejectItemRequest({
        db: app.db,
        id: request.params.id,
        reason: request.body.reason,
        actor: request.signedInUser(),
      }),
  )
})
