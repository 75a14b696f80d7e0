import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/**
 * Serves the built web app. Unknown non-API paths get index.html (the client router shows
 * '404 Page Not Found'); unknown API paths get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const root = webDistDir ? path.resolve(webDistDir) : undefined
  const hasWebApp = root !== undefined && existsSync(path.join(root, 'index.html'))
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts): sent as the browser accepts.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        )
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    // The path as written, also when the request line is in absolute form ('GET http://host/api/x').
    const pathname = new URL(request.url, 'http://localhost').pathname
    const isApi = pathname === '/api' || pathname.startsWith('/api/')
    if (
      !isApi &&
      hasWebApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isFilePath(pathname)
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.code(404).send({ message: isApi ? 'Not found' : 'Page not found', code: 'NOT_FOUND' })
  })
}

/**
 * A request for a file (a built chunk, an uploaded photo) that is not there gets a 404, not the app's page:
 * a browser holding an older index.html must see its old chunk as missing, not as HTML it cannot run, and
 * an <img> must not be handed a page. The app's own paths never end in an extension (slugs have no dots).
 */
function isFilePath(pathname: string): boolean {
  return (
    pathname.startsWith('/assets/') ||
    pathname === '/objects' ||
    pathname.startsWith('/objects/') ||
    /\.[a-z0-9]+$/i.test(pathname)
  )
}
