import { useQueryClient } from '@tanstack/react-query'
import type { WantedItem } from '#shared/contract/imports.ts'
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
