import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import type { ItemDetail, ItemWriteBody } from '#shared/contract/catalogue.ts'
import { apiRequest } from '#web/lib/api.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'
import { invalidateCatalogue, itemQueries } from './queries.ts'

/** POST /api/items: the new item, with its detail. */
export function createItem(body: ItemWriteBody): Promise<ItemDetail> {
  return apiRequest<ItemDetail>('POST', '/api/items', { body })
}

/** After an item is created (here or in Add to Collection): its page is known, and lists may list it. */
export function onItemCreated(queryClient: QueryClient, item: ItemDetail): Promise<void> {
  queryClient.setQueryData(itemQueries.detail(item.slug).queryKey, item)
  return invalidateCatalogue(queryClient)
}

export function useCreateItem() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: createItem,
    onSuccess: (item) => onItemCreated(queryClient, item),
  })
}

/** PUT /api/items/{id}: the updated item (its slug may have changed with its number or name). */
export function useUpdateItem(id: number, oldSlug: string) {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (body: ItemWriteBody) => apiRequest<ItemDetail>('PUT', `/api/items/${id}`, { body }),
    onSuccess: async (item) => {
      if (item.slug !== oldSlug) queryClient.removeQueries({ queryKey: itemQueries.detail(oldSlug).queryKey })
      queryClient.setQueryData(itemQueries.detail(item.slug).queryKey, item)
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
  return useApiMutation({
    mutationFn: () => apiRequest<void>('DELETE', `/api/items/${item.id}`),
    onSuccess: async () => {
      onDeleted()
      await new Promise((resolve) => setTimeout(resolve, 0))
      queryClient.removeQueries({ queryKey: itemQueries.detail(item.slug).queryKey })
      await invalidateCatalogue(queryClient, item.id)
    },
  })
}
