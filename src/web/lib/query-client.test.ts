import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, isUnauthorized } from './api.ts'
import { UNAUTHORIZED_REDIRECT_MS } from './auth/unauthorized.ts'
import { createQueryClient, queryKeyToUrl } from './query-client.ts'

describe('queryKeyToUrl', () => {
  it('uses the path alone', () => {
    expect(queryKeyToUrl(['/api/themes'])).toBe('/api/themes')
  })

  it('appends an object of parameters, skipping null and undefined', () => {
    expect(
      queryKeyToUrl(['/api/items', { query: 'x-wing fighter', limit: 10, theme: null, year: undefined }]),
    ).toBe('/api/items?query=x-wing+fighter&limit=10')
    expect(queryKeyToUrl(['/api/items', { theme: null }])).toBe('/api/items')
  })

  it('appends a raw query string', () => {
    expect(queryKeyToUrl(['/api/conditions', 'category=set'])).toBe('/api/conditions?category=set')
    expect(queryKeyToUrl(['/api/conditions', '?category=minifig'])).toBe('/api/conditions?category=minifig')
  })
})

describe('a 401 from a query or a mutation', () => {
  const unauthorized = () => new ApiError('401: {"message":"Sign in first"}', 401)
  const failing = (error: Error) => () => Promise.reject(error)

  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is answered once by the query client, however many calls fail together', async () => {
    const onUnauthorized = vi.fn()
    const client = createQueryClient({ onUnauthorized })
    const results = await Promise.allSettled([
      client.fetchQuery({ queryKey: ['/api/collections'], queryFn: failing(unauthorized()) }),
      client.fetchQuery({ queryKey: ['/api/me/stats'], queryFn: failing(unauthorized()) }),
      client
        .getMutationCache()
        .build(client, { mutationFn: failing(unauthorized()) })
        .execute(undefined),
    ])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(onUnauthorized).toHaveBeenCalledTimes(1)

    // Once the redirect has had its time, a new 401 is answered again.
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS)
    await client
      .getMutationCache()
      .build(client, { mutationFn: failing(unauthorized()) })
      .execute(undefined)
      .catch(() => undefined)
    expect(onUnauthorized).toHaveBeenCalledTimes(2)
  })

  it('leaves other failures, and a 401 that is the call’s own answer, to the screen', async () => {
    const onUnauthorized = vi.fn()
    const client = createQueryClient({ onUnauthorized })
    await client
      .fetchQuery({ queryKey: ['/api/items'], queryFn: failing(new ApiError('500: boom', 500)) })
      .catch(() => undefined)
    await client
      .getMutationCache()
      .build(client, { mutationFn: failing(unauthorized()), meta: { unauthorized: 'answer' } })
      .execute(undefined)
      .catch(() => undefined)
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('is recognised as the cause of another error', () => {
    expect(isUnauthorized(unauthorized())).toBe(true)
    expect(isUnauthorized(new Error('add failed', { cause: unauthorized() }))).toBe(true)
    expect(isUnauthorized(new ApiError('403: no', 403))).toBe(false)
    expect(isUnauthorized('401')).toBe(false)
  })
})
