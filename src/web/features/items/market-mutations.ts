import { useQueryClient } from '@tanstack/react-query'
import type { RecordSaleBody, Sale } from '#shared/contract/market.ts'
import { apiRequest } from '#web/lib/api.ts'
import { invalidateMarket } from '#web/lib/item-market.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'

/** POST /api/items/{id}/sales: the recorded sale (verified at once for trusted members and admins). */
export function useRecordSale(itemId: number) {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (body: RecordSaleBody) => apiRequest<Sale>('POST', `/api/items/${itemId}/sales`, { body }),
    onSuccess: () => invalidateMarket(queryClient, itemId),
  })
}

/** POST /api/sales/{id}/verify (trusted members and admins). */
export function useVerifySale(itemId: number) {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (saleId: number) => apiRequest<Sale>('POST', `/api/sales/${saleId}/verify`),
    onSuccess: () => invalidateMarket(queryClient, itemId),
  })
}

/** DELETE /api/sales/{id} (trusted members and admins). */
export function useDeleteSale(itemId: number) {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (saleId: number) => apiRequest<void>('DELETE', `/api/sales/${saleId}`),
    onSuccess: () => invalidateMarket(queryClient, itemId),
  })
}
