import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
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

export const imagesRoutes: FastifyPluginAsyncZod<ImageProxyOptions> = async (app, options) => {
  // Recently proxied images, so popular catalogue pictures are fetched from their host once a day.
  const recent = new LRUCache<string, ProxiedImage>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (image) => image.body.length || 1,
    ttl: 24 * 60 * 60 * 1000,
  })

  const down = unreachableHosts(options.unreachableRetryMs)

  app.get('/proxy-image', { schema: { querystring: proxyQuerySchema } }, async (request, reply) => {
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
  })
}
