import type { Item, ItemWriteBody } from '#shared/contract/catalogue.ts'
import type {
  AddCollectionBody,
  CollectionEntry,
  UpdateCollectionBody,
} from '#shared/contract/collections.ts'
import { ApiError, apiRequest } from '#web/lib/api.ts'
import { handleUnauthorized } from '#web/lib/auth/unauthorized.ts'

export function addCollectionEntry(body: AddCollectionBody): Promise<CollectionEntry> {
  return apiRequest<CollectionEntry>('POST', '/api/collections', { body })
}

export function updateCollectionEntry(id: number, body: UpdateCollectionBody): Promise<CollectionEntry> {
  return apiRequest<CollectionEntry>('PATCH', `/api/collections/${id}`, { body })
}

export function removeCollectionEntry(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `/api/collections/${id}`)
}

export function createItem(body: ItemWriteBody): Promise<Item> {
  return apiRequest<Item>('POST', '/api/items', { body })
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

/**
 * A call answered 401: the session is gone. Says so and goes to login (spec 01 §8); true when that
 * is what happened, so the caller skips its own error toast.
 */
export function handledAsUnauthorized(error: unknown): boolean {
  if (!isUnauthorized(error)) return false
  handleUnauthorized()
  return true
}
