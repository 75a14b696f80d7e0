import { errors, file, json, noBody, sendJsonText } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import {
  addCollectionBodySchema,
  collectionEntrySchema,
  collectionIdParamsSchema,
  collectionPageSchema,
  collectionQuerySchema,
  portfolioQuerySchema,
  portfolioSchema,
  updateCollectionBodySchema,
} from '#shared/contract/collections.ts'
import { todayUtc } from '#shared/dates.ts'
import { collectionCsv, csvFileName } from './collections.csv.ts'
import {
  addEntry,
  changeEntry,
  collectionPage,
  exportEntries,
  portfolio,
  removeEntry,
} from './collections.service.ts'

const tags = ['Collection']
const entryErrors = errors({ 404: 'No entry of yours has this id (NOT_FOUND).' })
const unknownCondition =
  "The condition is not one of the item's, or the price paid comes to more than 99999999.99 in pounds " +
  '(BAD_REQUEST).'

/** The signed-in user's own collection; another user's entry id answers 404. */
export const collectionsRoutes = signedInRoutes(async (app) => {
  // The spec names both: the collection screen's list and the home page's.
  for (const url of ['/collections', '/me/collection']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'A page of the collection, valued, with a summary of all of it',
          querystring: collectionQuerySchema,
          response: { 200: json('The page and the whole collection’s summary', collectionPageSchema) },
        },
      },
      async (request, reply) =>
        sendJsonText(
          reply,
          await collectionPage({
            db: app.db,
            catalogue: app.catalogue,
            owner: request.signedInUser(),
            query: request.query,
          }),
        ),
    )
  }

  app.post(
    '/collections',
    {
      schema: {
        tags,
        summary: 'Add an entry (the price paid in the display currency unless `currency` says otherwise)',
        body: addCollectionBodySchema,
        response: {
          201: json('The entry, valued', collectionEntrySchema),
          ...errors({ 400: unknownCondition, 404: 'No item has this id (NOT_FOUND).' }),
        },
      },
    },
    async (request, reply) => {
      const owner = request.signedInUser()
      const entry = await addEntry({ db: app.db, catalogue: app.catalogue, owner, body: request.body })
      return sendJsonText(reply.code(201), entry)
    },
  )

  app.patch(
    '/collections/:id',
    {
      schema: {
        tags,
        summary: 'Change an entry: what is sent changes',
        params: collectionIdParamsSchema,
        body: updateCollectionBodySchema,
        response: {
          200: json('The entry, valued', collectionEntrySchema),
          ...entryErrors,
          ...errors({ 400: unknownCondition }),
        },
      },
    },
    async (request, reply) => {
      const owner = request.signedInUser()
      const entry = await changeEntry({
        db: app.db,
        catalogue: app.catalogue,
        owner,
        id: request.params.id,
        body: request.body,
      })
      return sendJsonText(reply, entry)
    },
  )

  app.delete(
    '/collections/:id',
    {
      schema: {
        tags,
        summary: 'Remove an entry',
        params: collectionIdParamsSchema,
        response: { 204: noBody('Removed'), ...entryErrors },
      },
    },
    async (request, reply) => {
      const owner = request.signedInUser()
      await removeEntry({ db: app.db, owner, id: request.params.id })
      return reply.code(204).send()
    },
  )

  app.get(
    '/collections/export.csv',
    {
      schema: {
        tags,
        summary: 'The whole collection as a CSV file',
        response: {
          200: file('One row per entry, amounts in pounds beside the price paid as typed', 'text/csv'),
        },
      },
    },
    async (request, reply) => {
      const entries = await exportEntries({
        db: app.db,
        catalogue: app.catalogue,
        owner: request.signedInUser(),
      })
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(todayUtc())}"`)
        .send(collectionCsv(entries))
    },
  )

  app.get(
    '/me/portfolio',
    {
      schema: {
        tags,
        summary: 'Value over time, allocation, ROI, best and worst performers',
        querystring: portfolioQuerySchema,
        response: { 200: json('The portfolio of the range', portfolioSchema) },
      },
    },
    async (request) =>
      portfolio({
        db: app.db,
        catalogue: app.catalogue,
        owner: request.signedInUser(),
        range: request.query.range,
      }),
  )
})
