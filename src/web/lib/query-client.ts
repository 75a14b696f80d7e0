import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query'
import { apiRequest, isUnauthorized } from './api.ts'
import { handleUnauthorized, UNAUTHORIZED_REDIRECT_MS } from './auth/unauthorized.ts'

/** What a query or mutation may tell the query client about itself. */
export interface ApiMeta extends Record<string, unknown> {
  /**
   * 'answer': a 401 here is the call's own answer for its caller (a wrong password, a best-effort
   * save), not a session that has ended; the client neither toasts nor redirects for it.
   */
  unauthorized?: 'answer'
  /**
   * The answer is valued by the user's saved choices — "value unpriced items at retail", and with it the
   * display currency's retail region (issue 12): a profile update that changes them refreshes it.
   */
  valuedByProfile?: boolean
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ApiMeta
    mutationMeta: ApiMeta
  }
}

type QueryParams = Record<string, string | number | boolean | null | undefined>

/**
 * Turns a query key into a URL (spec 01 §7): the first element is the path, optionally followed by
 * an object of parameters (null and undefined skipped) or a raw query string.
 */
export function queryKeyToUrl(queryKey: QueryKey): string {
  const [path, params] = queryKey
  if (typeof path !== 'string') throw new Error('A query key must start with the URL path')
  if (typeof params === 'string') {
    const query = params.replace(/^\?/, '')
    return query ? `${path}?${query}` : path
  }
  if (params && typeof params === 'object') {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(params as QueryParams)) {
      if (value !== null && value !== undefined) search.append(name, String(value))
    }
    const query = search.toString()
    return query ? `${path}?${query}` : path
  }
  return path
}

/** GET with credentials; any failure, a 401 included, throws. */
export function defaultQueryFn({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  return apiRequest('GET', queryKeyToUrl(queryKey), { signal })
}

/**
 * The one answer to a 401 (spec 01 §8): the Unauthorized toast, then login. Several calls failing
 * together (a screen's queries, a write and its refetches) say it once: further 401s are ignored
 * while the redirect is on its way.
 */
export function unauthorizedOnce(onUnauthorized: () => void): (error: unknown, meta?: ApiMeta) => void {
  let pending = false
  return (error, meta) => {
    if (pending || meta?.unauthorized === 'answer' || !isUnauthorized(error)) return
    pending = true
    onUnauthorized()
    setTimeout(() => {
      pending = false
    }, UNAUTHORIZED_REDIRECT_MS)
  }
}

/**
 * Data never refetches on focus or interval and never goes stale; nothing is retried (spec 01 §7).
 * A 401 from any query or mutation is handled here, once; screens and forms never handle it.
 */
export function createQueryClient(options: { onUnauthorized?: () => void } = {}): QueryClient {
  const onError = unauthorizedOnce(options.onUnauthorized ?? handleUnauthorized)
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
