import { useQueryClient } from '@tanstack/react-query'
import type { WantedAlertsResult, WantedItem } from '#shared/contract/imports.ts'
import { invalidateAlerts } from '#web/features/alerts/index.ts'
import { apiRequest } from '#web/lib/api.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'
import { invalidateWanted } from './queries.ts'

/**
 * DELETE /api/wanted/{id}. The list is fetched again before the screen's own callbacks run, so the row
 * is gone when the toast says so.
 */
export function useRemoveWanted() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (wanted: Pick<WantedItem, 'id'>) => apiRequest<void>('DELETE', `/api/wanted/${wanted.id}`),
    onSuccess: () => invalidateWanted(queryClient),
  })
}

/**
 * POST /api/me/wanted/alerts: a price alert at the most the user would pay, on these wanted items or on all.
 * The list (its "Alert set" marks) and the alerts are fetched again before the screen's callbacks run.
 */
export function useSetWantedAlerts() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (body: { ids?: number[] }) =>
      apiRequest<WantedAlertsResult>('POST', '/api/me/wanted/alerts', { body }),
    onSuccess: () => Promise.all([invalidateWanted(queryClient), invalidateAlerts(queryClient)]),
  })
}
