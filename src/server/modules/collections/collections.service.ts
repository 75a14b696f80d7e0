import type { Database } from '#server/db/client.ts'
import { badRequest, notFound } from '#server/errors.ts'
import type {
  AddCollectionData,
  CollectionEntry,
  CollectionPage,
  CollectionQuery,
  CollectionSummary,
  Portfolio,
  UpdateCollectionData,
} from '#shared/contract/collections.ts'
import { addDays, todayUtc } from '#shared/dates.ts'
import { type CurrencyCode, isCurrencyCode } from '#shared/money.ts'
import { toGbpOnDay } from '../fx/fx.service.ts'
import {
  allEntries,
  allocation,
  collectionSummary,
  deleteOwnEntry,
  type EntryFields,
  findCollectionPage,
  findConditionByLabel,
  findEntry,
  findOwnEntry,
  insertEntry,
  portfolioTimeline,
  updateEntry,
} from './collections.repo.ts'

interface Owner {
  id: string
  currencyPreference: CurrencyCode
}

const ENTRY_NOT_FOUND = 'Collection entry not found'

async function conditionFor(db: Database, itemId: number, label: string): Promise<number> {
  const { itemExists, conditionId } = await findConditionByLabel(db, itemId, label)
  if (!itemExists) throw notFound('Item not found')
  if (conditionId === undefined) throw badRequest('Condition not found')
  return conditionId
}

/** The price paid in pounds, at the rate of the purchase day (else today). */
async function pricedFields(db: Database, fields: Omit<EntryFields, 'pricePaid'>): Promise<EntryFields> {
  const currency = isCurrencyCode(fields.currency) ? fields.currency : 'GBP'
  const pricePaid = await toGbpOnDay({
    db,
    amount: fields.originalPrice,
    currency,
    day: fields.purchaseDate ?? todayUtc(),
  })
  return { ...fields, pricePaid }
}

export async function addEntry({ db, owner, body }: { db: Database; owner: Owner; body: AddCollectionData }) {
  return db.transaction(async (tx) => {
    const conditionId = await conditionFor(tx, body.itemId, body.condition)
    const fields = await pricedFields(tx, {
      conditionId,
      quantity: body.quantity,
      originalPrice: body.pricePaid,
      currency: body.currency ?? owner.currencyPreference,
      purchaseDate: body.purchaseDate ?? null,
      documentedPurchase: body.documentedPurchase ?? false,
    })
    const id = await insertEntry(tx, owner.id, body.itemId, fields)
    return (await findEntry(tx, owner.id, id, todayUtc())) as CollectionEntry
  })
}

export async function changeEntry({
  db,
  owner,
  id,
  body,
}: {
  db: Database
  owner: Owner
  id: number
  body: UpdateCollectionData
}) {
  return db.transaction(async (tx) => {
    const current = await findOwnEntry(tx, owner.id, id)
    if (!current) throw notFound(ENTRY_NOT_FOUND)
    const fields = await pricedFields(tx, {
      conditionId: body.condition
        ? await conditionFor(tx, current.itemId, body.condition)
        : current.conditionId,
      quantity: body.quantity ?? current.quantity,
      originalPrice: body.pricePaid ?? current.originalPrice,
      currency: body.currency ?? (body.pricePaid !== undefined ? owner.currencyPreference : current.currency),
      purchaseDate: body.purchaseDate === undefined ? current.purchaseDate : body.purchaseDate,
      documentedPurchase: body.documentedPurchase ?? current.documentedPurchase,
    })
    await updateEntry(tx, id, fields)
    return (await findEntry(tx, owner.id, id, todayUtc())) as CollectionEntry
  })
}

export async function removeEntry({ db, owner, id }: { db: Database; owner: Owner; id: number }) {
  if (!(await deleteOwnEntry(db, owner.id, id))) throw notFound(ENTRY_NOT_FOUND)
}

export async function collectionPage({
  db,
  userId,
  query,
}: {
  db: Database
  userId: string
  query: CollectionQuery
}): Promise<CollectionPage> {
  return findCollectionPage(db, userId, query, todayUtc())
}

/** Totals over the whole collection; `lean` leaves out its most valuable themes (the profile's figures). */
export function collectionTotals({
  db,
  userId,
  lean = false,
}: {
  db: Database
  userId: string
  lean?: boolean
}): Promise<CollectionSummary> {
  return collectionSummary(db, userId, todayUtc(), { lean })
}

export function exportEntries({ db, userId }: { db: Database; userId: string }) {
  return allEntries(db, userId, todayUtc())
}

const TIMELINE: Record<Portfolio['range'], { days: number | null; step: number }> = {
  '90d': { days: 90, step: 3 },
  '1y': { days: 365, step: 7 },
  all: { days: null, step: 30 },
}

/** Portfolio analytics: value against cost over time, allocation, ROI, best and worst performers. */
export async function portfolio({
  db,
  userId,
  range,
}: {
  db: Database
  userId: string
  range: Portfolio['range']
}): Promise<Portfolio> {
  const today = todayUtc()
  const { days, step } = TIMELINE[range]
  const [first] = await findCollectionPage(
    db,
    userId,
    { limit: 1, offset: 0, sort: 'added', direction: 'asc' },
    today,
  ).then((page) => page.entries)
  const start = first?.purchaseDate ?? first?.createdAt.slice(0, 10) ?? today
  const since = days === null ? start : addDays(today, -days)
  const [timeline, split, best, worst] = await Promise.all([
    portfolioTimeline(db, userId, since < today ? since : today, today, step),
    allocation(db, userId, today),
    findCollectionPage(
      db,
      userId,
      { limit: 5, offset: 0, filter: 'gainers', sort: 'pnl', direction: 'desc' },
      today,
    ),
    findCollectionPage(
      db,
      userId,
      { limit: 5, offset: 0, filter: 'decliners', sort: 'pnl', direction: 'asc' },
      today,
    ),
  ])
  return {
    range,
    timeline,
    byTheme: split.byTheme,
    byType: split.byType,
    totalRoiPercent: split.roi,
    best: best.entries,
    worst: worst.entries,
  }
}
