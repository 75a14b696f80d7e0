import { useQueryClient } from '@tanstack/react-query'
import type { ItemDetail, ItemWriteBody } from '#shared/contract/catalogue.ts'
import type {
  AddCollectionBody,
  CollectionEntry,
  UpdateCollectionBody,
} from '#shared/contract/collections.ts'
import { createItem, onItemCreated } from '#web/features/catalogue/index.ts'
import { apiRequest } from '#web/lib/api.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'
import { invalidateCollection } from './queries.ts'

// The collection's lists refresh in the background: a dialog closes and says so at once, as before
// the refetch (the screens' own callbacks run once the hook's onSuccess has returned).

function addCollectionEntry(body: AddCollectionBody): Promise<CollectionEntry> {
  return apiRequest<CollectionEntry>('POST', '/api/collections', { body })
}

/** POST /api/collections (both variants of Add to Collection). */
export function useAddCollectionEntry() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: addCollectionEntry,
    onSuccess: () => {
      void invalidateCollection(queryClient)
    },
  })
}

/** PATCH /api/collections/{id}: only what changed. */
export function useUpdateCollectionEntry(id: number) {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (body: UpdateCollectionBody) =>
      apiRequest<CollectionEntry>('PATCH', `/api/collections/${id}`, { body }),
    onSuccess: () => {
      void invalidateCollection(queryClient)
    },
  })
}

/** DELETE /api/collections/{id}. */
export function useRemoveCollectionEntry() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (entry: Pick<CollectionEntry, 'id'>) =>
      apiRequest<void>('DELETE', `/api/collections/${entry.id}`),
    onSuccess: () => {
      void invalidateCollection(queryClient)
    },
  })
}

/** The item was created but adding it to the collection failed: the caller offers the details again. */
export class AddAfterCreateError extends Error {
  constructor(
    readonly item: ItemDetail,
    override readonly cause: unknown,
  ) {
    super('The item was created but could not be added to the collection', { cause })
  }
}

/**
 * Variant B's create mode: POST /api/items, then POST /api/collections with the new item. When only
 * the second call fails, the error is an AddAfterCreateError carrying the new item.
 */
export function useCreateItemAndAdd() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: async (input: { item: ItemWriteBody; entry: (itemId: number) => AddCollectionBody }) => {
      const item = await createItem(input.item)
      try {
        await addCollectionEntry(input.entry(item.id))
      } catch (error) {
        throw new AddAfterCreateError(item, error)
      }
      return item
    },
    onSuccess: (item) => {
      void Promise.all([invalidateCollection(queryClient), onItemCreated(queryClient, item)])
    },
    onError: (error) => {
      if (error instanceof AddAfterCreateError) void onItemCreated(queryClient, error.item)
    },
  })
}
