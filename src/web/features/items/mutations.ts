import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ItemDetail, ItemWriteBody } from '#shared/contract/catalogue.ts'
import { apiRequest } from '#web/lib/api.ts'
import { catalogueQueries, invalidateCatalogue } from '../catalogue/index.ts'

/** POST /api/items: the new item. */
export function useCreateItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ItemWriteBody) => apiRequest<ItemDetail>('POST', '/api/items', { body }),
    onSuccess: async (item) => {
      queryClient.setQueryData(catalogueQueries.detail(item.slug), item)
      await invalidateCatalogue(queryClient)
    },
  })
}

/** PUT /api/items/{id}: the updated item (its slug may have changed with its number or name). */
export function useUpdateItem(id: number, oldSlug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ItemWriteBody) => apiRequest<ItemDetail>('PUT', `/api/items/${id}`, { body }),
    onSuccess: async (item) => {
      if (item.slug !== oldSlug) queryClient.removeQueries({ queryKey: catalogueQueries.detail(oldSlug) })
      queryClient.setQueryData(catalogueQueries.detail(item.slug), item)
      await invalidateCatalogue(queryClient)
    },
  })
}

/**
 * DELETE /api/items/{id}. `onDeleted` leaves the item's page; only then is its cached answer dropped,
 * so the page never refetches (and shows 'Item Not Found') on its way out.
 */
export function useDeleteItem(item: Pick<ItemDetail, 'id' | 'slug'>, onDeleted: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', `/api/items/${item.id}`),
    onSuccess: async () => {
      onDeleted()
      await new Promise((resolve) => setTimeout(resolve, 0))
      queryClient.removeQueries({ queryKey: catalogueQueries.detail(item.slug) })
      await invalidateCatalogue(queryClient, item.id)
    },
  })
}
