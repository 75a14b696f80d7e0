import type { AuthProviders, BetaAccess, User } from '#shared/contract/auth.ts'
import { ApiError, apiRequest } from '../api.ts'

export const AUTH_RECHECK_MS = 10_000
export const BETA_ACCESS_CACHE_MS = 5 * 60_000
export const LOGIN_PATH = '/api/login'
export const LOGOUT_PATH = '/api/logout'

/** Query keys of the signed-in state; one factory so every screen invalidates the same keys. */
export const authKeys = {
  user: ['/api/auth/user'] as const,
  betaAccess: (userId: string) => ['/api/auth/beta-access', { userId }] as const,
  providers: ['/api/auth/providers'] as const,
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
