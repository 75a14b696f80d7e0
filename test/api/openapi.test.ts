import { beforeAll, describe, expect, it } from 'vitest'
import type { App } from '#server/app.ts'
import { setupTestApp } from '../support/test-app.ts'
import { fakeWebDist } from '../support/web-dist.ts'

// A built web app, so that its static files are registered routes too (and must be told apart).
const webDistDir = fakeWebDist()

const context = setupTestApp({ webDistDir })

interface Operation {
  summary?: string
  tags?: string[]
  security?: unknown[]
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: unknown }>
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: Record<string, unknown> }> }
  >
}
interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
}

let document: OpenApiDocument
const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${url}`,
      operation,
    })),
  )

beforeAll(async () => {
  const response = await context.app.inject({ url: '/api/openapi.json' })
  expect(response.statusCode).toBe(200)
  document = response.json()
})

/** Every method and path the app has a route for, read from Fastify's own route tree. */
function registeredRoutes(app: App): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = []
  const ancestors: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const url = (ancestors[depth - 1] ?? '') + match[2]
    ancestors.splice(depth, ancestors.length, url)
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url })
  }
  return routes
}

/**
 * Routes that are deliberately not operations of the document:
 * - HEAD: Fastify adds a HEAD twin to every GET route (the GET's headers without its body); the document
 *   lists the GET.
 * - `/api/docs…` and `/api/openapi.json`: the API reference itself (Swagger UI's page, scripts and copy of
 *   the document), not part of the API it describes.
 * - Everything else outside `/api/` but the health checks and uploaded photos (`/objects/{name}`, the
 *   address a post's imageUrl names): the built web app's files (`/index.html`, `/assets/…`). Its SPA
 *   fallback is Fastify's not-found handler, not a route, so it never shows here.
 */
function isDocumented({ method, url }: { method: string; url: string }): boolean {
  if (method === 'HEAD') return false
  if (url === '/api/docs' || url.startsWith('/api/docs/') || url === '/api/openapi.json') return false
  return url.startsWith('/api/') || url.startsWith('/objects/') || url === '/healthz' || url === '/readyz'
}

describe('the OpenAPI document (/api/openapi.json)', () => {
  it('lists every registered API route, and nothing else', () => {
    const registered = registeredRoutes(context.app)
    // The parse found the routes it must tell apart: the web app's files and the reference's own.
    expect(registered).toContainEqual({ method: 'GET', url: '/assets/main-abc123.js' })
    expect(registered).toContainEqual({ method: 'GET', url: '/api/docs/json' })
    const expected = registered
      .filter(isDocumented)
      .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`)
      .sort()
    expect(expected.length).toBeGreaterThan(35)
    expect(
      operations()
        .map((operation) => operation.key)
        .sort(),
    ).toEqual(expected)
  })

  it('names each operation, its tag, every path parameter and its answers', () => {
    for (const { key, operation } of operations()) {
      expect(operation.summary, key).toBeTruthy()
      expect(operation.tags, key).toHaveLength(1)
      const pathParameters = [...key.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      for (const name of pathParameters) {
        expect(operation.parameters, key).toContainEqual(
          expect.objectContaining({ in: 'path', name, required: true, schema: expect.any(Object) }),
        )
      }
      const answers = Object.entries(operation.responses).filter(([status]) => /^[23]/.test(status))
      expect(answers.length, key).toBeGreaterThan(0)
      for (const [status, answer] of answers) {
        expect(answer.description, `${key} ${status}`).not.toBe('Default Response')
        for (const media of Object.values(answer.content ?? {})) {
          expect(Object.keys(media.schema).length, `${key} ${status}`).toBeGreaterThan(0)
        }
      }
    }
  })

  it('documents every error with the one error schema, and the errors each plugin can answer', () => {
    const error = { $ref: '#/components/schemas/Error' }
    expect(document.components.schemas.Error).toMatchObject({ required: ['message'] })
    for (const { key, operation } of operations()) {
      const [method = '', url = ''] = key.split(' ')
      const errors = Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status))
      for (const [status, answer] of errors) {
        expect(answer.content?.['application/json']?.schema, `${key} ${status}`).toEqual(error)
        expect(answer.description, `${key} ${status}`).toMatch(/\([A-Z_]+(, [A-Z_]+)*\)/)
      }
      const statuses = Object.keys(operation.responses)
      expect(statuses, key).toContain('500')
      if (operation.parameters?.length || operation.requestBody) expect(statuses, key).toContain('400')
      // The one-click unsubscribe carries its credential in its URL: any origin may send it (ADR 015).
      const anyOrigin = url === '/api/email/unsubscribe'
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && !anyOrigin) {
        expect(operation.responses['403']?.description, key).toContain('CROSS_ORIGIN')
      }
      // Signed-in operations (and only they) answer 401 and carry the session lock.
      expect(statuses.includes('401') && !key.endsWith('/api/auth/login'), key).toBe(
        Boolean(operation.security),
      )
      if (operation.security) expect(operation.security, key).toEqual([{ session: [] }])
      const open = /^\/api\/(auth\/|login|logout|callback|fx\/|email\/unsubscribe$)/.test(url)
      if (url.startsWith('/api/') && !open) {
        expect(operation.responses['403']?.description, key).toContain('BETA_ACCESS_REQUIRED')
      }
    }
  })

  it('describes request bodies and query parameters from the contract', () => {
    const addEntry = document.paths['/api/collections']?.post
    expect(addEntry?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['itemId', 'condition']),
      properties: expect.objectContaining({
        pricePaid: expect.any(Object),
        purchaseDate: expect.any(Object),
      }),
    })
    const list = document.paths['/api/items']?.get
    expect(list?.parameters).toContainEqual(
      expect.objectContaining({
        in: 'query',
        name: 'limit',
        schema: expect.objectContaining({ maximum: 1000 }),
      }),
    )
    expect(document.paths['/api/items/slug/{slug}']?.get?.responses['200']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ItemDetail' } },
    })
    expect(document.paths['/api/collections/export.csv']?.get?.responses['200']?.content).toHaveProperty(
      'text/csv',
    )
    expect(document.paths['/api/proxy-image']?.get?.responses['200']?.content?.['image/*']?.schema).toEqual({
      type: 'string',
      format: 'binary',
    })
    expect(Object.keys(document.paths['/api/items/{id}']?.delete?.responses ?? {})).toContain('204')
    expect(document.paths['/api/items/{id}']?.delete?.responses['204']?.content).toBeUndefined()
  })

  it('shows every id as the database holds it: 1 to 2147483647', () => {
    const id = { type: 'integer', minimum: 1, maximum: 2147483647 }
    const ids: string[] = []
    for (const { key, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) {
        if (!/^(id|itemId|themeId)$/.test(parameter.name)) continue
        // A session is named by an opaque public UUID, never by a row number (ADR 011).
        if ((parameter.schema as { format?: string }).format === 'uuid') continue
        ids.push(`${key} ${parameter.name}`)
        expect(parameter.schema, `${key} ${parameter.name}`).toEqual(id)
      }
    }
    expect(ids).toContain('DELETE /api/collections/{id} id')
    expect(ids).toContain('GET /api/items themeId')
    const body = (path: string, method: 'post' | 'put') =>
      document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema as {
        properties: Record<string, unknown>
      }
    expect(body('/api/collections', 'post').properties.itemId).toEqual(id)
    expect(body('/api/items/{id}/sales', 'post').properties.conditionId).toEqual(id)
    expect(body('/api/items', 'post').properties.variantOf).toEqual({ anyOf: [id, { type: 'null' }] })
  })

  it('is served to Swagger UI at /api/docs, under the app’s content security policy', async () => {
    const page = await context.app.inject({ url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '')
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      const response = await context.app.inject({ url: new URL(script, 'http://app/api/docs/').pathname })
      expect(response.statusCode, script).toBe(200)
      expect(response.headers['content-type'], script).toMatch(/javascript/)
    }
    const uiDocument = await context.app.inject({ url: '/api/docs/json' })
    expect(uiDocument.json()).toEqual(document)
    expect(document.openapi).toBe('3.1.0')
  })
})
