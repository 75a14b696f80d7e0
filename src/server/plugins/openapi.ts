import { readFileSync } from 'node:fs'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userSchema } from '#shared/contract/auth.ts'
import {
  conditionSchema,
  itemDetailSchema,
  itemSchema,
  linkedItemSchema,
  searchResultSchema,
  themeDataSchema,
  themeSchema,
} from '#shared/contract/catalogue.ts'
import { collectionEntrySchema, collectionSummarySchema } from '#shared/contract/collections.ts'
import { errorResponseSchema } from '#shared/contract/common.ts'
import { gradeSummarySchema, saleSchema } from '#shared/contract/market.ts'

/** Shapes the document names once under `components.schemas` and refers to wherever they appear. */
const NAMED_SCHEMAS: Array<[z.ZodType, string]> = [
  [errorResponseSchema, 'Error'],
  [userSchema, 'User'],
  [themeDataSchema, 'ThemeData'],
  [itemSchema, 'Item'],
  [linkedItemSchema, 'LinkedItem'],
  [itemDetailSchema, 'ItemDetail'],
  [searchResultSchema, 'SearchResult'],
  [themeSchema, 'Theme'],
  [conditionSchema, 'Condition'],
  [collectionEntrySchema, 'CollectionEntry'],
  [collectionSummarySchema, 'CollectionSummary'],
  [saleSchema, 'Sale'],
  [gradeSummarySchema, 'GradeSummary'],
]
for (const [schema, id] of NAMED_SCHEMAS) z.globalRegistry.add(schema, { id })

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

const DESCRIPTION = `Brickfolio's HTTP API, generated from the same zod schemas (\`src/shared/contract/\`) that
validate every request and answer.

- **JSON** throughout. Amounts are decimal strings (\`"649.99"\`), in pounds unless a field says otherwise.
- **Errors** are \`{ message, code }\`; a 400 adds \`errors: [{ path, message }]\`, one per bad field.
- **Sign-in** is a session cookie (\`bf_session\`, httpOnly) set by \`POST /api/auth/login\` or
  \`/api/auth/register\`; operations marked with a lock answer 401 without it.
- **Writes** (POST, PUT, PATCH, DELETE) from another website are refused with 403.`

/**
 * The API reference: `/api/openapi.json` (OpenAPI 3.1) and its Swagger UI at `/api/docs`, generated from
 * each route's zod schemas. Registered before the routes, whose `onRoute` it listens to.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Brickfolio API', version, description: DESCRIPTION },
      tags: [
        { name: 'Accounts', description: 'Sign-up, sign-in (password or OpenID Connect) and the session' },
        { name: 'Profile', description: "The signed-in user's profile and figures" },
        { name: 'Collection', description: "The signed-in user's collection, valued, and its portfolio" },
        { name: 'Catalogue', description: 'Sets and minifigures: lists, search, item pages and edits' },
        { name: 'Market', description: 'Recorded sales and the fair prices computed from them' },
        { name: 'Reference', description: 'Themes and conditions' },
        { name: 'Exchange rates', description: 'The rates the app converts amounts with' },
        { name: 'Images', description: 'Catalogue pictures through our proxy' },
        { name: 'Photos', description: 'Photos members upload for their posts, and where they are served' },
        { name: 'Imports', description: 'Files from the tools collectors use, previewed, then imported' },
        { name: 'Health', description: 'For load balancers and monitoring' },
      ],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'bf_session' } },
      },
    },
    transform: (route) => {
      const { schema, url } = jsonSchemaTransform(route)
      return { schema: withoutSafeIntegerBounds(schema), url }
    },
    transformObject: (document) =>
      withoutSafeIntegerBounds(withoutUnusedSchemas(jsonSchemaTransformObject(document))),
  })
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0 },
  })
  // The document itself, hidden from itself (like Swagger UI's own routes).
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger())
}

/**
 * zod writes every `.int()` with the safe-integer range as its bounds; they say nothing here and would
 * show as the example value of every id.
 */
function withoutSafeIntegerBounds<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), function (this: Record<string, unknown>, key, bound) {
    const safe =
      (key === 'minimum' && bound === Number.MIN_SAFE_INTEGER) ||
      (key === 'maximum' && bound === Number.MAX_SAFE_INTEGER)
    return safe && this.type === 'integer' ? undefined : bound
  }) as T
}

/**
 * Drops the component schemas no operation refers to: the type provider writes an input twin
 * (`…Input`) of every named schema, and only answers use most of them.
 */
function withoutUnusedSchemas<
  T extends { paths?: unknown; components?: { schemas?: Record<string, unknown> } },
>(document: T): T {
  const schemas = document.components?.schemas
  if (!schemas) return document
  const used = new Set<string>()
  const pending = [document.paths]
  while (pending.length > 0) {
    JSON.stringify(pending.pop(), (key, value) => {
      if (key === '$ref' && typeof value === 'string') {
        const name = value.replace('#/components/schemas/', '')
        if (!used.has(name)) {
          used.add(name)
          pending.push(schemas[name])
        }
      }
      return value
    })
  }
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  }
}
