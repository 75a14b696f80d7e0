import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { AlertList } from '#shared/contract/alerts.ts'
import { meQueries } from '#web/lib/auth/me-queries.ts'

export const ALERTS_PATH = '/api/me/alerts'

/** The user's alerts (the default query function turns the key into its URL). */
export const alertQueries = {
  /** Asked again on each visit: prices and what fired change without the user doing anything. */
  list: () => queryOptions<AlertList>({ queryKey: [ALERTS_PATH] as const, staleTime: 0 }),
}

export function useAlerts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...alertQueries.list(), enabled: options.enabled ?? true })
}

/** After an alert changes: the list, and the profile's count of active alerts. */
export function invalidateAlerts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [ALERTS_PATH] }),
    queryClient.invalidateQueries({ queryKey: meQueries.stats().queryKey }),
  ])
}
