import type { Database } from '#server/db/client.ts'
import { conflict, forbidden, notFound } from '#server/errors.ts'
import type { ItemWriteData } from '#shared/contract/catalogue.ts'
import type {
  CreatedItemRequests,
  ItemRequest,
  ItemRequestInput,
  ItemRequestList,
  ItemRequestsQuery,
} from '#shared/contract/moderation.ts'
import type { ItemType } from '#shared/contract/values.ts'
import type { CurrencyCode } from '#shared/money.ts'
import { type Actor, canReviewItemRequests } from '#shared/permissions.ts'
import { createItem, type WrittenItem } from '../items/items.write.service.ts'
import {
  decideItemRequest,
  findItemRequest,
  insertItemRequests,
  listItemRequests,
  lockItemRequest,
  type NewItemRequest,
} from './moderation.repo.ts'

/** Where requests sent through POST /api/item-requests come from: the import screen's unknown numbers. */
const REQUEST_ORIGIN = 'import'

/**
 * BrickLink-style minifigure codes (sw0001a, col123, hp001, njo0001) and Rebrickable's (fig-000123).
 * Only a first guess for a request that names no type: the moderator picks the type when approving.
 */
const MINIFIG_CODE = /^([a-z]{2,5}\d{2,4}[a-z]?|fig-\d{6})$/i

function guessedType(code: string): ItemType {
  return MINIFIG_CODE.test(code) ? 'minifig' : 'set'
}

/**
 * Asks for numbers to be added to the catalogue (anyone signed in). A number already waiting joins its
 * request instead of making another, as does the same number sent twice in one call.
 */
export async function requestItems({
  db,
  requests,
  submitter,
}: {
  db: Database
  requests: ItemRequestInput[]
  submitter: Actor
}): Promise<CreatedItemRequests> {
  const distinct = new Map<string, NewItemRequest>()
  for (const request of requests) {
    const type = request.type ?? guessedType(request.code)
    const key = `${type}:${request.code.toLowerCase()}`
    if (distinct.has(key)) continue
    distinct.set(key, {
      type,
      code: request.code,
      name: request.name ?? null,
      theme: request.theme ?? null,
      year: request.year ?? null,
    })
  }
  const created = await insertItemRequests(db, [...distinct.values()], submitter.id, REQUEST_ORIGIN)
  return { created, joined: requests.length - created }
}

function mustReview(actor: Actor) {
  if (!canReviewItemRequests(actor)) {
    throw forbidden('Only trusted members and admins can review item requests.')
  }
}

export async function itemRequestQueue({
  db,
  query,
  actor,
}: {
  db: Database
  query: ItemRequestsQuery
  actor: Actor
}): Promise<ItemRequestList> {
  mustReview(actor)
  return listItemRequests(db, query.status, query)
}

/** Locks a request that is still waiting; refuses one that is gone or already decided. */
async function lockPending(db: Database, id: number) {
  const request = await lockItemRequest(db, id)
  if (!request) throw notFound('Item request not found')
  if (request.status !== 'pending') throw conflict(`This request has already been ${request.status}.`)
}

/**
 * Approves a request by adding the item the moderator filled in, checked as any new item is
 * (items.write.service.ts): the item and the decision are written together, or neither is.
 */
export async function approveItemRequest({
  db,
  id,
  body,
  actor,
}: {
  db: Database
  id: number
  body: ItemWriteData
  actor: Actor & { currencyPreference: CurrencyCode }
}): Promise<{ request: ItemRequest; item: WrittenItem }> {
  mustReview(actor)
  return db.transaction(async (tx) => {
    await lockPending(tx, id)
    const item = await createItem({ db: tx, body, writer: actor })
    await decideItemRequest(tx, id, { status: 'approved', reviewerId: actor.id, itemId: item.id })
    return { request: (await findItemRequest(tx, id)) as ItemRequest, item }
  })
}

export async function rejectItemRequest({
  db,
  id,
  reason,
  actor,
}: {
  db: Database
  id: number
  reason: string
  actor: Actor
}): Promise<ItemRequest> {
  mustReview(actor)
  return db.transaction(async (tx) => {
    await lockPending(tx, id)
    await decideItemRequest(tx, id, { status: 'rejected', reviewerId: actor.id, reason })
    return (await findItemRequest(tx, id)) as ItemRequest
  })
}
