import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import { errors, file, noBody } from '#server/lib/responses.ts'
import {
  fetchProxiedImage,
  type ImageProxyOptions,
  type ProxiedImage,
  unreachableHosts,
} from './image-proxy.ts'

const proxyQuerySchema = z.object({
  url: z
    .string({ message: 'url is required' })
    .min(1, { message: 'url is required' })
    .max(2000, { message: 'url must be at most 2000 characters' }),
})

/** The picture's bytes; sent as they are, never through a JSON serialiser. */
const pictureSchema = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' })

export const imagesRoutes: FastifyPluginAsyncZod<ImageProxyOptions> = async (app, options) => {
  // Recently proxied images, so popular catalogue pictures are fetched from their host once a day.
  const recent = new LRUCache<string, ProxiedImage>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (image) => image.body.length || 1,
    ttl: 24 * 60 * 60 * 1000,
  })

  const down = unreachableHosts(options.unreachableRetryMs)

  app.get(
    '/proxy-image',
    {
      schema: {
        tags: ['Images'],
        summary: 'A catalogue picture from an allow-listed host, cached for 30 days',
        querystring: proxyQuerySchema,
        response: {
          200: file('The picture, as its host sent it', 'image/*', pictureSchema),
          304: noBody('Not modified: the `If-None-Match` ETag still holds'),
          ...errors({
            400: 'url is not an http(s) address of an image (BAD_IMAGE_URL).',
            403: 'The host is not on the allow-list, or not a public address (IMAGE_HOST_NOT_ALLOWED, IMAGE_ADDRESS_NOT_PUBLIC).',
            413: 'The picture is larger than 5 MB (IMAGE_TOO_LARGE).',
            502: 'The host failed, redirected too often, or sent no image (IMAGE_UPSTREAM_ERROR, IMAGE_UNREACHABLE, IMAGE_TOO_MANY_REDIRECTS, NOT_AN_IMAGE).',
            504: 'The host took longer than 5 s (IMAGE_TIMEOUT).',
          }),
        },
      },
    },
    async (request, reply) => {
      const url = request.query.url
      const image = recent.get(url) ?? (await fetchProxiedImage(url, options, down))
      recent.set(url, image)
      reply
        .header('cache-control', 'public, max-age=2592000, immutable')
        .header('etag', image.etag)
        // Shown as an image only, never as a document of our origin.
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send()
      return reply.type(image.contentType).send(image.body)
    },
  )
}
