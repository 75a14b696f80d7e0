import { queryOptions } from '@tanstack/react-query'
import type { UserStats } from '#shared/contract/me.ts'

/** The signed-in user's own data (Home, Profile). */
export const meQueries = {
  stats: () =>
    queryOptions<UserStats>({
      queryKey: ['/api/me/stats'] as const,
      staleTime: 30_000,
      meta: { valuedByProfile: true },
    }),
}
