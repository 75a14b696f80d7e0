import type { Database } from '#server/db/client.ts'
import { badRequest, notFound } from '#server/errors.ts'
import type { Item } from '#shared/contract/catalogue.ts'
import type {
  AddCollectionData,
  CollectionEntry,
  CollectionQuery,
  Portfolio,
  UpdateCollectionData,
} from '#shared/contract/collections.ts'
import { addDays, todayUtc } from '#shared/dates.ts'
import { type CurrencyCode, isCurrencyCode } from '#shared/money.ts'
import { retailRegionOrder } from '#shared/retail.ts'
import { currentRates, toGbpOnDay } from '../fx/fx.service.ts'
import type { LiveCatalogue } from '../items/items.index.live.ts'
import { itemTextIn } from '../items/items.index.rows.ts'
import {
  allEntries,
  allocation,
  deleteOwnEntry,
  type EntryFields,
  type EntryText,
  type EntryWithoutItem,
  findCollectionPage,
  findConditionByLabel,
  findOwnEntry,
  insertEntry,
  portfolioTimeline,
  profileFiguresOf,
  updateEntry,
  type Valuation,
} from './collections.repo.ts'

/** Whose collection, and the choices its valuation follows: display currency, and the retail estimate. */
export interface Owner {
  id: string
  currencyPreference: CurrencyCode
  valueUnpricedAtRetail: boolean
}

/**
 * How the owner's collection is valued today. With "value unpriced items at retail" on, an entry without a
 * market price is valued at the retail price the screens show the owner (their display currency's region
 * first, then US, UK, CA, DE), brought to pounds at today's rates — the ones `/api/fx/rates` gives the
 * screens — and passed to the SQL as parameters (ADR 008).
 */
async function valuationFor(db: Database, owner: Owner): Promise<Valuation> {
  const today = todayUtc()
  if (!owner.valueUnpricedAtRetail) return { today, retailEstimate: null }
  const { rates } = await currentRates({ db })
  return {
    today,
    retailEstimate: { regionOrder: retailRegionOrder(owner.currencyPreference), ratesPerUsd: rates },
  }
}

const ENTRY_NOT_FOUND = 'Collection entry not found'

/** An item as a collection entry shows it. */
const itemText = itemTextIn(
  ({ id, type, number, name, slug, theme, themeData, year, imageUrl, originalMsrp, retailPrices }) => ({
    id,
    type,
    number,
    name,
    slug,
    theme,
    themeData,
    year,
    imageUrl,
    originalMsrp,
    retailPrices,
  }),
)

/**
 * The entries with their items as the API shows them, each as JSON text: the entry's text from the database
 * with its item's text, from the catalogue in memory, spliced in (ADR 023). A page of entries neither joins 50
 * items, their themes and retail prices again in the database nor parses and writes out what it holds. The
 * catalogue replaces an item's object when the item changes, so a text kept for an object is never stale.
 */
async function entryTexts(catalogue: LiveCatalogue, entries: readonly EntryText[]): Promise<string[]> {
  const items = await catalogue.itemsById(entries.map((entry) => entry.itemId))
  return entries.map(
    ({ itemId, json }) => `${json.slice(0, -1)}, "item" : ${itemText(items.get(itemId) as Item)}}`,
  )
}

/** The entries with their items, as objects (where something else than an answer is made of them). */
async function withItems(
  catalogue: LiveCatalogue,
  entries: readonly EntryText[],
): Promise<CollectionEntry[]> {
  return JSON.parse(`[${(await entryTexts(catalogue, entries)).join(',')}]`)
}

/** The entry just written, valued, with its item, as JSON text; missing when the user has no entry of this id. */
async function answered(catalogue: LiveCatalogue, entry: EntryText | undefined): Promise<string> {
  if (!entry) throw notFound(ENTRY_NOT_FOUND)
  const [text] = await entryTexts(catalogue, [entry])
  return text as string
}

async function conditionFor(db: Database, itemId: number, label: string): Promise<number> {
  const { itemExists, conditionId } = await findConditionByLabel(db, itemId, label)
  if (!itemExists) throw notFound('Item not found')
  if (conditionId === undefined) throw badRequest('Condition not found')
  return conditionId
}

/**
 * The price paid in pounds, at the rate of the purchase day (else today). A price that is not known stays
 * unknown — never 0 — with no amount or currency as typed.
 */
async function pricedFields(db: Database, fields: Omit<EntryFields, 'pricePaid'>): Promise<EntryFields> {
  if (fields.originalPrice === null) return { ...fields, pricePaid: null, currency: null }
  const currency = isCurrencyCode(fields.currency) ? fields.currency : 'GBP'
  const pricePaid = await toGbpOnDay({
    db,
    amount: fields.originalPrice,
    currency,
    day: fields.purchaseDate ?? todayUtc(),
  })
  return { ...fields, pricePaid }
}

export async function addEntry({
  db,
  catalogue,
  owner,
  body,
}: {
  db: Database
  catalogue: LiveCatalogue
  owner: Owner
  body: AddCollectionData
}) {
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
    return answered(
      catalogue,
      await insertEntry(tx, owner.id, body.itemId, fields, await valuationFor(tx, owner)),
    )
  })
}

export async function changeEntry({
  db,
  catalogue,
  owner,
  id,
  body,
}: {
  db: Database
  catalogue: LiveCatalogue
  owner: Owner
  id: number
  body: UpdateCollectionData
}) {
  // A quantity or "documented" changes alone in one statement: nothing of the entry as it was is needed.
  const repriced = [body.pricePaid, body.currency, body.purchaseDate].some((sent) => sent !== undefined)
  if (!repriced && body.condition === undefined) {
    const { quantity, documentedPurchase } = body
    return answered(
      catalogue,
      await updateEntry(db, owner.id, id, { quantity, documentedPurchase }, await valuationFor(db, owner)),
    )
  }
  return db.transaction(async (tx) => {
    const current = await findOwnEntry(tx, owner.id, id)
    if (!current) throw notFound(ENTRY_NOT_FOUND)
    const changed = {
      conditionId: body.condition
        ? await conditionFor(tx, current.itemId, body.condition)
        : current.conditionId,
      quantity: body.quantity ?? current.quantity,
      // Sent as null: not known. Not sent: as it was (an unknown price stays unknown).
      originalPrice: body.pricePaid === undefined ? current.originalPrice : body.pricePaid,
      currency: body.currency ?? (body.pricePaid !== undefined ? owner.currencyPreference : current.currency),
      purchaseDate: body.purchaseDate === undefined ? current.purchaseDate : body.purchaseDate,
      documentedPurchase: body.documentedPurchase ?? current.documentedPurchase,
    }
    // Priced again only when what it was priced from changes: a new condition keeps the rate the price paid
    // was brought to pounds at.
    const fields = repriced ? await pricedFields(tx, changed) : { ...changed, pricePaid: current.pricePaid }
    return answered(catalogue, await updateEntry(tx, owner.id, id, fields, await valuationFor(tx, owner)))
  })
}

export async function removeEntry({ db, owner, id }: { db: Database; owner: Owner; id: number }) {
  if (!(await deleteOwnEntry(db, owner.id, id))) throw notFound(ENTRY_NOT_FOUND)
}

/** A page of the collection, valued, with the whole collection's summary, as the JSON text of `CollectionPage`. */
export async function collectionPage({
  db,
  catalogue,
  owner,
  query,
}: {
  db: Database
  catalogue: LiveCatalogue
  owner: Owner
  query: CollectionQuery
}): Promise<string> {
  const page = await findCollectionPage(db, {
    userId: owner.id,
    query,
    valuation: await valuationFor(db, owner),
  })
  const entries = await entryTexts(catalogue, page.entries)
  return `{"entries":[${entries.join(',')}],"total":${page.total},"summary":${page.summary}}`
}

/** The profile's figures: the collection's totals (without its themes) and the owner's active alerts, at once. */
export async function profileFigures({ db, owner }: { db: Database; owner: Owner }) {
  return profileFiguresOf(db, { userId: owner.id, valuation: await valuationFor(db, owner) })
}

export async function exportEntries({
  db,
  catalogue,
  owner,
}: {
  db: Database
  catalogue: LiveCatalogue
  owner: Owner
}) {
  return withItems(catalogue, await allEntries(db, owner.id, await valuationFor(db, owner)))
}

const TIMELINE: Record<Portfolio['range'], { days: number | null; step: number }> = {
  '90d': { days: 90, step: 3 },
  '1y': { days: 365, step: 7 },
  all: { days: null, step: 30 },
}

/** Portfolio analytics: value against cost over time, allocation, ROI, best and worst performers. */
export async function portfolio({
  db,
  catalogue,
  owner,
  range,
}: {
  db: Database
  catalogue: LiveCatalogue
  owner: Owner
  range: Portfolio['range']
}): Promise<Portfolio> {
  const valuation = await valuationFor(db, owner)
  const { today } = valuation
  const { days, step } = TIMELINE[range]
  const [firstText] = await findCollectionPage(db, {
    userId: owner.id,
    query: { limit: 1, offset: 0, sort: 'added', direction: 'asc' },
    valuation,
  }).then((page) => page.entries)
  const first: EntryWithoutItem | undefined = firstText && JSON.parse(firstText.json)
  const start = first?.purchaseDate ?? first?.createdAt.slice(0, 10) ?? today
  const since = days === null ? start : addDays(today, -days)
  const [timeline, split, best, worst] = await Promise.all([
    portfolioTimeline(db, owner.id, { since: since < today ? since : today, stepDays: step, valuation }),
    allocation(db, owner.id, valuation),
    findCollectionPage(db, {
      userId: owner.id,
      query: { limit: 5, offset: 0, filter: 'gainers', sort: 'pnl', direction: 'desc' },
      valuation,
    }),
    findCollectionPage(db, {
      userId: owner.id,
      query: { limit: 5, offset: 0, filter: 'decliners', sort: 'pnl', direction: 'asc' },
      valuation,
    }),
  ])
  return {
    range,
    timeline,
    byTheme: split.byTheme,
    byType: split.byType,
    totalRoiPercent: split.roi,
    best: await withItems(catalogue, best.entries),
    worst: await withItems(catalogue, worst.entries),
  }
}
