import { QueryClient, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query'
import { apiRequest } from './api.ts'

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

/** Data never refetches on focus or interval and never goes stale; nothing is retried (spec 01 §7). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
