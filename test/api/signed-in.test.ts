import { beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp()
/** Signed-in reads for moderators or admins only. */
const MODERATORS_ONLY = new Set([
  '/api/moderation/sales',
  '/api/moderation/item-requests',
  '/api/moderation/posts',
  '/api/admin/users',
])
const unauthenticated = { message: 'Authentication required. Please sign in.', code: 'UNAUTHENTICATED' }

/** The operations the API reference marks as signed-in only, as `{ method, url }` with sample path ids. */
let signedInOperations: Array<{ method: string; url: string; hasBody: boolean }> = []

beforeAll(async () => {
  const document = (await context.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>>
  }
  signedInOperations = Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.security)
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        // Path ids that are not even numbers: a route that validated its params before the sign-in
        // check would answer 400.
        url: url.replace(/\{\w+\}/g, 'not-a-number'),
        hasBody: Boolean(operation.requestBody),
      })),
  )
})

/** A signed-out request with a body that is not even JSON: only a check before parsing answers 401. */
const signedOutCall = (operation: { method: string; url: string; hasBody: boolean }, cookie?: string) =>
  context.app.inject({
    method: operation.method as 'GET',
    url: operation.url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(operation.hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(operation.hasBody ? { payload: '{"this is": not json' } : {}),
  })

describe('signed-in scopes', () => {
  it('cover every group of signed-in routes', () => {
    const keys = signedInOperations.map(({ method, url }) => `${method} ${url}`)
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/auth/user',
        'GET /api/auth/beta-access',
        'PUT /api/me/profile',
        'GET /api/me/stats',
        'GET /api/me/alert-email',
        'POST /api/me/alert-email/test',
        'GET /api/me/push',
        'PUT /api/me/push-subscriptions',
        'DELETE /api/me/push-subscriptions',
        'POST /api/me/push/test',
        'GET /api/collections',
        'POST /api/collections',
        'PATCH /api/collections/not-a-number',
        'DELETE /api/collections/not-a-number',
        'GET /api/collections/export.csv',
        'GET /api/me/portfolio',
        'GET /api/me/collection',
        'POST /api/items',
        'PUT /api/items/not-a-number',
        'DELETE /api/items/not-a-number',
        'POST /api/items/not-a-number/sales',
        'POST /api/sales/not-a-number/verify',
        'DELETE /api/sales/not-a-number',
        'GET /api/me/sessions',
        'DELETE /api/me/sessions/not-a-number',
        'POST /api/me/sessions/revoke-others',
        'POST /api/import/data',
        'GET /api/imports',
        'GET /api/imports/not-a-number',
        'POST /api/imports/not-a-number/commit',
        'GET /api/imports/not-a-number/report.csv',
        'GET /api/me/wanted',
        'DELETE /api/wanted/not-a-number',
        'POST /api/me/wanted/alerts',
        'POST /api/sales/not-a-number/reject',
        'GET /api/moderation/sales',
        'POST /api/item-requests',
        'GET /api/moderation/item-requests',
        'POST /api/item-requests/not-a-number/approve',
        'POST /api/item-requests/not-a-number/reject',
        'GET /api/admin/users',
        'PATCH /api/admin/users/not-a-number',
        'GET /api/me/alerts',
        'POST /api/alerts',
        'PATCH /api/alerts/not-a-number',
        'DELETE /api/alerts/not-a-number',
        'GET /api/me/notifications',
        'POST /api/me/notifications/read',
        'GET /api/me/events',
        'POST /api/objects/upload',
        'GET /api/posts/feed',
        'POST /api/posts',
        'GET /api/posts/not-a-number',
        'DELETE /api/posts/not-a-number',
        'POST /api/posts/not-a-number/like',
        'GET /api/posts/not-a-number/comments',
        'POST /api/posts/not-a-number/comments',
        'DELETE /api/posts/not-a-number/comments/not-a-number',
        'POST /api/posts/not-a-number/report',
        'GET /api/moderation/posts',
        'POST /api/posts/not-a-number/hide',
        'POST /api/posts/not-a-number/restore',
      ]),
    )
    expect(keys).toHaveLength(62)
  })

  it('answer 401 to a signed-out caller before parsing or validating anything', async () => {
    for (const operation of signedInOperations) {
      const response = await signedOutCall(operation)
      expect(response.statusCode, `${operation.method} ${operation.url}`).toBe(401)
      expect(response.json()).toEqual(unauthenticated)
    }
  })

  it('answer 401 to a session that has ended, and clear its cookie', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    await context.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })
    for (const operation of signedInOperations) {
      const response = await signedOutCall(operation, cookie)
      expect(response.statusCode, `${operation.method} ${operation.url}`).toBe(401)
    }
    const response = await context.app.inject({ url: '/api/me/stats', headers: { cookie } })
    expect(response.headers['set-cookie']).toMatch(/^bf_session=;/)
  })

  it('let a signed-in user through to the route, which then validates the input', async () => {
    const { cookie } = await signUp(context.app, { email: uniqueEmail() })
    // The live stream never ends, so it cannot be injected: test/api/notification-stream.test.ts opens it.
    for (const operation of signedInOperations.filter(({ url }) => url !== '/api/me/events')) {
      const response = await signedOutCall(operation, cookie)
      // The moderators' and admins' lists then refuse a plain member (their own 403, not the sign-in's 401);
      // the upload takes a form, so a JSON body is the wrong type (415); this app has no mail server to send a
      // test e-mail through (409), and the new user no browser to push a test notification to (409).
      const expected =
        operation.url === '/api/objects/upload'
          ? 415
          : operation.url === '/api/me/alert-email/test' || operation.url === '/api/me/push/test'
            ? 409
            : operation.hasBody || operation.url.includes('not-a-number')
              ? 400
              : MODERATORS_ONLY.has(operation.url)
                ? 403
                : 200
      expect(response.statusCode, `${operation.method} ${operation.url}: ${response.body}`).toBe(expected)
    }
  })

  it('leave public reads open to signed-out visitors', async () => {
    for (const url of [
      '/api/items?type=set',
      '/api/items/slug/75192-1-millennium-falcon',
      '/api/search/items?query=falcon',
      '/api/themes',
      '/api/conditions',
      '/api/fx/rates',
      '/api/auth/providers',
    ]) {
      expect((await context.app.inject({ url })).statusCode, url).toBe(200)
    }
  })

  it('give the signed-in user only to routes inside a scope', async () => {
    const app = await buildApp({ db: context.database.db })
    try {
      // A route registered outside any signed-in scope: its requests have no accessor to call.
      app.get('/api/outside-a-scope', async (request) => ({ id: request.signedInUser().id }))
      const { cookie } = await signUp(app, { email: uniqueEmail() })
      const response = await app.inject({ url: '/api/outside-a-scope', headers: { cookie } })
      expect(response.statusCode).toBe(500)
      expect(response.json().code).toBe('INTERNAL')
    } finally {
      await app.close()
    }
  })
})
