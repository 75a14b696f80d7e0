import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { MouseEvent } from 'react'
import type { AuthProviders, BetaAccess, User } from '#shared/contract/auth.ts'
import { ApiError, apiRequest } from '../api.ts'

export const AUTH_RECHECK_MS = 10_000
export const BETA_ACCESS_CACHE_MS = 5 * 60_000
export const LOGIN_PATH = '/api/login'
export const LOGOUT_PATH = '/api/logout'

/**
 * The signed-in state (spec 01 §4). The user is never fresh: re-checked every 10 s and on mount, no
 * retry, no refetch on focus. Beta access is asked for per user (the key carries the id, the URL does
 * not), cached 5 minutes and retried once.
 */
export const authQueries = {
  user: () =>
    queryOptions({
      queryKey: ['/api/auth/user'] as const,
      queryFn: ({ signal }) => fetchCurrentUser(signal),
      staleTime: 0,
      refetchInterval: AUTH_RECHECK_MS,
      refetchOnMount: true,
      refetchOnWindowFocus: false,
      retry: false,
    }),
  betaAccess: (userId: string) =>
    queryOptions({
      queryKey: ['/api/auth/beta-access', { userId }] as const,
      queryFn: ({ signal }) => fetchBetaAccess(signal),
      staleTime: BETA_ACCESS_CACHE_MS,
      retry: 1,
    }),
  /** Which sign-in providers the server offers; without an answer, only e-mail and password. */
  providers: () =>
    queryOptions({
      queryKey: ['/api/auth/providers'] as const,
      queryFn: ({ signal }) => fetchAuthProviders(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
}

/**
 * After the user changes (sign-in, onboarding, a profile update): show the server's answer at once,
 * then re-check it (spec 01 §4).
 */
export async function refreshUser(queryClient: QueryClient, updated?: User | null): Promise<void> {
  const { queryKey } = authQueries.user()
  if (updated?.id) queryClient.setQueryData(queryKey, updated)
  await queryClient.invalidateQueries({ queryKey, exact: true })
}

/**
 * The current user (spec 01 §4): a 401 or an answer without an id means signed out. Any other
 * failure is logged and also counts as signed out, so the query itself never fails.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    const response = await fetch('/api/auth/user', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    })
    if (response.status === 401) return null
    if (!response.ok) throw new ApiError(`${response.status}: ${response.statusText}`, response.status)
    return userOrNull(await response.json())
  } catch (error) {
    if (signal?.aborted) throw error
    console.error(error)
    return null
  }
}

/** A user object counts only when it has an id. */
export function userOrNull(value: unknown): User | null {
  if (!value || typeof value !== 'object') return null
  const { id } = value as { id?: unknown }
  return typeof id === 'string' && id !== '' ? (value as User) : null
}

/** Beta access is asked for per user: the key carries the id, the URL does not. */
export function fetchBetaAccess(signal?: AbortSignal): Promise<BetaAccess> {
  return apiRequest<BetaAccess>('GET', '/api/auth/beta-access', { signal })
}

export function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return apiRequest<AuthProviders>('GET', '/api/auth/providers', { signal })
}

/** True when the access answer lets the user in. */
export function hasBetaAccess(access: BetaAccess | undefined): boolean {
  return Boolean(access && (access.hasAccess || access.isPublic))
}

/** Login and logout are full navigations to the server, which sets or ends the session. */
export function navigateToLogin(): void {
  window.location.assign(LOGIN_PATH)
}

/**
 * The Sign out links' click: POST /api/auth/logout (guarded by the same-origin check), then a full
 * navigation home, as following the link would do. The links keep `href={LOGOUT_PATH}`, but that GET
 * signs out only when the browser says the click came from our own page (Sec-Fetch-Site), which browsers
 * do not send over plain HTTP to another machine; the POST works everywhere. Clicks that open a new tab
 * are left to the browser.
 */
export function signOutOnClick(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  event.preventDefault()
  apiRequest('POST', '/api/auth/logout').then(
    () => window.location.assign('/'),
    // The POST did not get through: try the link's own way.
    () => window.location.assign(LOGOUT_PATH),
  )
}
