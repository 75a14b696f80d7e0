import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errors, file, noBody } from '#server/lib/responses.ts'
import { objectNameParamsSchema } from '#shared/contract/objects.ts'
import { storedObject } from './objects.service.ts'

/** The photo's bytes, streamed from storage as they were stored. */
const photoSchema = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' })

/**
 * Uploaded photos, served at `/objects/<name>` to anyone (DESIGN §6): a name is 128 random bits, so only those
 * who were shown it can ask for it. A name never changes its bytes, so browsers and proxies keep it a year.
 */
export const objectsServeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/objects/:name',
    {
      schema: {
        tags: ['Photos'],
        summary: 'An uploaded photo (WebP), cached for a year',
        params: objectNameParamsSchema,
        response: {
          200: file('The photo', 'image/webp', photoSchema),
          304: noBody('Not modified: the `If-None-Match` ETag still holds'),
          ...errors({ 404: 'No photo has this name, or it was removed (NOT_FOUND).' }),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      const object = await storedObject({ storage: app.objectStorage, name })
      // The name is the content's identity: it is written once and never changed.
      const etag = `"${name}"`
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // Shown as a picture only, never as a document of our origin.
        .header('content-security-policy', "default-src 'none'; sandbox")
      if (matches(request.headers['if-none-match'], etag)) {
        object.body.destroy()
        return reply.code(304).send()
      }
      if (object.size !== undefined) reply.header('content-length', object.size)
      return reply.type(object.contentType).send(object.body)
    },
  )
}

/** If-None-Match holds our ETag: alone, in a list, or weak (`W/`), or `*`. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '')
    return value === etag || value === '*'
  })
}
