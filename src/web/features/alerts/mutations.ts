import { useQueryClient } from '@tanstack/react-query'
import type { Alert, CreateAlertBody, UpdateAlertBody } from '#shared/contract/alerts.ts'
import { apiRequest } from '#web/lib/api.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'
import { invalidateNotifications } from './notification-queries.ts'
import { invalidateAlerts } from './queries.ts'

/** POST /api/alerts (spec 02 §7: refreshes /api/me/alerts). */
export function useCreateAlert() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (body: CreateAlertBody) => apiRequest<Alert>('POST', '/api/alerts', { body }),
    onSuccess: () => invalidateAlerts(queryClient),
  })
}

/** PATCH /api/alerts/{id}: pause, resume, or a new threshold or direction. */
export function useUpdateAlert() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAlertBody }) =>
      apiRequest<Alert>('PATCH', `/api/alerts/${id}`, { body }),
    onSuccess: () => invalidateAlerts(queryClient),
  })
}

/** DELETE /api/alerts/{id}. */
export function useDeleteAlert() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/alerts/${id}`),
    onSuccess: () => invalidateAlerts(queryClient),
  })
}

/** POST /api/me/notifications/read: these notifications (ids), or all of them (none). */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (ids?: number[]) =>
      apiRequest<{ unread: number }>('POST', '/api/me/notifications/read', { body: ids ? { ids } : {} }),
    onSuccess: () => invalidateNotifications(queryClient),
  })
}
