import type { QueryClient } from '@tanstack/react-query'
import type { User } from '#shared/contract/auth.ts'
import type { UpdateProfileBody } from '#shared/contract/me.ts'
import { apiRequest } from '../api.ts'
import { authKeys } from './auth-queries.ts'

/** PUT /api/me/profile: onboarding, profile edit and the currency choice each send their own fields. */
export function updateProfile(body: UpdateProfileBody): Promise<User> {
  return apiRequest<User>('PUT', '/api/me/profile', { body })
}

/**
 * After the user changes: show the server's answer at once, then re-check it (spec 01 §4: the user is
 * refreshed after onboarding or a profile update).
 */
export async function refreshUser(queryClient: QueryClient, updated?: User | null): Promise<void> {
  if (updated?.id) queryClient.setQueryData(authKeys.user, updated)
  await queryClient.invalidateQueries({ queryKey: authKeys.user, exact: true })
}

/** Query keys of the signed-in user's own data. */
export const meKeys = {
  stats: ['/api/me/stats'] as const,
}
