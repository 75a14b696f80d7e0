import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendCachedJson } from '#server/lib/read-cache.ts'
import { errors, json, noBody } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import {
  itemDetailSchema,
  itemIdParamsSchema,
  itemWriteBodySchema,
  listItemsQuerySchema,
  listItemsResponseSchema,
  minifigThemesResponseSchema,
  searchItemsQuerySchema,
  searchItemsResponseSchema,
  slugParamsSchema,
} from '#shared/contract/catalogue.ts'
import { itemsCache } from './items.cache.ts'
import { itemPage, listCatalogue, minifigThemes, searchCatalogue } from './items.service.ts'
import { createItem, editItem, removeItem } from './items.write.service.ts'

const tags = ['Catalogue']
const noSuchItem = 'No item has this id (NOT_FOUND).'
const takenNumber = 'Another item of the type has this number (CONFLICT).'
const badVariant =
  'variantOf names the item itself or no item, or the retail price comes to more than 99999999.99 in ' +
  'pounds (BAD_REQUEST).'

/**
 * The catalogue: public reads (cached, ADR 002; lists and search chosen by the in-memory index, ADR 021) and
 * signed-in writes.
 */
export const itemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app
  app.get(
    '/items',
    {
      schema: {
        tags,
        summary: 'A page of sets or minifigures, filtered; ranked search with `query`',
        querystring: listItemsQuerySchema,
        response: { 200: json('The page and how many match', listItemsResponseSchema) },
      },
    },
    async (request, reply) =>
      sendCachedJson(
        reply,
        await app.readCache.text(itemsCache.list(request.query), async () =>
          listCatalogue({ catalogue: await catalogue.current(), query: request.query }),
        ),
      ),
  )

  app.get(
    '/items/slug/:slug',
    {
      schema: {
        tags,
        summary: 'An item’s page: aliases, linked sets or minifigures, variants',
        params: slugParamsSchema,
        response: {
          200: json('The item', itemDetailSchema),
          ...errors({ 404: 'No item has this slug (NOT_FOUND).' }),
        },
      },
    },
    async (request, reply) =>
      sendCachedJson(
        reply,
        await app.readCache.json(itemsCache.detail(request.params.slug), () =>
          itemPage({ catalogue, slug: request.params.slug }),
        ),
      ),
  )

  app.get(
    '/search/items',
    {
      schema: {
        tags,
        summary: 'Quick search by number, name or alias',
        querystring: searchItemsQuerySchema,
        response: { 200: json('The best matches', searchItemsResponseSchema) },
      },
    },
    async (request, reply) =>
      sendCachedJson(
        reply,
        await app.readCache.text(itemsCache.search(request.query), async () =>
          searchCatalogue({ catalogue: await catalogue.current(), query: request.query }),
        ),
      ),
  )

  app.get(
    '/minifigures/themes',
    {
      schema: {
        tags,
        summary: 'Every theme a minifigure has, alphabetically (the minifigures’ theme filter)',
        response: { 200: json('The theme names', minifigThemesResponseSchema) },
      },
    },
    async (_request, reply) =>
      sendCachedJson(
        reply,
        await app.readCache.json(itemsCache.minifigThemes(), () => minifigThemes({ db: app.db })),
      ),
  )

  await app.register(signedInRoutes(itemWriteRoutes))
}

const itemWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/items',
    {
      schema: {
        tags,
        summary: 'Add an item (anyone signed in); the retail price in `currency`, stored in pounds',
        body: itemWriteBodySchema,
        response: {
          201: json('The new item', itemDetailSchema),
          ...errors({ 400: badVariant, 409: takenNumber }),
        },
      },
    },
    async (request, reply) => {
      const created = await createItem({ db: app.db, body: request.body, writer: request.signedInUser() })
      // Told first: the page is read from the catalogue, which catches up with the new item.
      await app.readCache.clear()
      return reply.code(201).send(await itemPage({ catalogue: app.catalogue, slug: created.slug }))
    },
  )

  app.put(
    '/items/:id',
    {
      schema: {
        tags,
        summary: 'Edit an item (its creator, trusted members, admins); fields left out keep their value',
        params: itemIdParamsSchema,
        body: itemWriteBodySchema,
        response: {
          200: json('The item, changed', itemDetailSchema),
          ...errors({
            400: badVariant,
            403: 'Only the person who added it, trusted members and admins can edit it (FORBIDDEN).',
            404: noSuchItem,
            409: takenNumber,
          }),
        },
      },
    },
    async (request) => {
      const updated = await editItem({
        db: app.db,
        id: request.params.id,
        body: request.body,
        writer: request.signedInUser(),
      })
      await app.readCache.clear()
      return itemPage({ catalogue: app.catalogue, slug: updated.slug })
    },
  )

  app.delete(
    '/items/:id',
    {
      schema: {
        tags,
        summary: 'Delete an item (trusted members, admins)',
        params: itemIdParamsSchema,
        response: {
          204: noBody('Deleted'),
          ...errors({
            403: 'Only trusted members and admins can delete items (FORBIDDEN).',
            404: noSuchItem,
            409: 'People keep it in collections, alerts, posts or sales (CONFLICT).',
          }),
        },
      },
    },
    async (request, reply) => {
      await removeItem({ db: app.db, id: request.params.id, actor: request.signedInUser() })
      await app.readCache.clear()
      return reply.code(204).send()
    },
  )
}
