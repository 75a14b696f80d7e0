import type { Database } from '#server/db/client.ts'
import { badRequest, conflict, forbidden, notFound } from '#server/errors.ts'
import type { ItemWriteData } from '#shared/contract/catalogue.ts'
import type { CurrencyCode } from '#shared/money.ts'
import { type Actor, canDeleteItem, canEditItem } from '#shared/permissions.ts'
import { toGbp } from '../fx/fx.service.ts'
import { assignSlugs, type SlugSubject, wantedSlugs } from './items.slugs.ts'
import {
  countItemReferences,
  deleteItem,
  findItemFields,
  findItemKey,
  findNumberOwner,
  findSlugOwners,
  type ItemFields,
  insertItem,
  updateItem,
} from './items.write.repo.ts'

type Writer = Actor & { currencyPreference: CurrencyCode }

const typeLabel = (type: string) => (type === 'set' ? 'set' : 'minifigure')

/** The stored fields from a request: set-only fields cleared for minifigures, the price in pounds. */
async function fieldsFrom(
  db: Database,
  body: ItemWriteData,
  writer: Writer,
  current: ItemFields | undefined,
): Promise<ItemFields> {
  const keep = <K extends keyof ItemFields>(
    key: K,
    value: ItemFields[K] | undefined,
  ): ItemFields[K] | null => (value === undefined ? (current?.[key] ?? null) : value)
  const isSet = body.type === 'set'
  let price: Pick<ItemFields, 'originalMsrpGbp' | 'msrpOriginalAmount' | 'msrpCurrency'> = {
    originalMsrpGbp: current?.originalMsrpGbp ?? null,
    msrpOriginalAmount: current?.msrpOriginalAmount ?? null,
    msrpCurrency: current?.msrpCurrency ?? null,
  }
  if (!isSet || body.originalMsrp === null) {
    price = { originalMsrpGbp: null, msrpOriginalAmount: null, msrpCurrency: null }
  } else if (body.originalMsrp !== undefined) {
    const currency = body.currency ?? writer.currencyPreference
    price = {
      originalMsrpGbp: await toGbp({ db, amount: body.originalMsrp, currency }),
      msrpOriginalAmount: body.originalMsrp,
      msrpCurrency: currency,
    }
  }
  return {
    type: body.type,
    name: body.name,
    number: body.number,
    theme: body.theme,
    year: keep('year', body.year),
    pieces: isSet ? keep('pieces', body.pieces) : null,
    minifigures: isSet ? keep('minifigures', body.minifigures) : null,
    imageUrl: keep('imageUrl', body.imageUrl),
    variantOf: keep('variantOf', body.variantOf),
    ...price,
  }
}

async function checkVariantOf(db: Database, variantOf: number | null, selfId?: number) {
  if (variantOf === null) return
  if (variantOf === selfId) throw badRequest('An item cannot be a variant of itself.')
  if (!(await findItemKey(db, variantOf)))
    throw badRequest(`variantOf: there is no item with id ${variantOf}.`)
}

/**
 * Slugs for items about to be written, in their order: a stored item keeps its own, a new one gets
 * `{number}-{name}`, suffixed when taken (items.slugs.ts). Also for the catalogue importer.
 */
export async function slugsFor({ db, items }: { db: Database; items: SlugSubject[] }): Promise<string[]> {
  const wanted = wantedSlugs(items)
  return assignSlugs(items, await findSlugOwners(db, wanted), wanted)
}

/** The item written: its page is read from the catalogue once the change is told (items.routes.ts). */
export interface WrittenItem {
  id: number
  slug: string
}

/** Adds an item. */
export async function createItem({
  db,
  body,
  writer,
}: {
  db: Database
  body: ItemWriteData
  writer: Writer
}): Promise<WrittenItem> {
  return db.transaction(async (tx) => {
    const fields = await fieldsFrom(tx, body, writer, undefined)
    await checkVariantOf(tx, fields.variantOf)
    const [slug] = await slugsFor({ db: tx, items: [fields] })
    const inserted = await insertItem(tx, { ...fields, slug: slug as string }, writer.id)
    if (!inserted) throw duplicateNumber(fields)
    return inserted
  })
}

/** Changes an item (its creator, trusted members, admins). */
export async function editItem({
  db,
  id,
  body,
  writer,
}: {
  db: Database
  id: number
  body: ItemWriteData
  writer: Writer
}): Promise<WrittenItem> {
  return db.transaction(async (tx) => {
    const existing = await findItemKey(tx, id)
    if (!existing) throw notFound('Item not found')
    if (!canEditItem(writer, existing)) {
      throw forbidden('Only the person who added this item, trusted members and admins can edit it.')
    }
    const fields = await fieldsFrom(tx, body, writer, await findItemFields(tx, id))
    await checkVariantOf(tx, fields.variantOf, id)
    if (await findNumberOwner(tx, fields.type, fields.number, id)) throw duplicateNumber(fields)
    return updateItem(tx, id, fields)
  })
}

/** Deleting never destroys what people keep: an item in a collection, alert, post or sale stays. */
export async function removeItem({ db, id, actor }: { db: Database; id: number; actor: Actor }) {
  if (!canDeleteItem(actor)) throw forbidden('Only trusted members and admins can delete items.')
  await db.transaction(async (tx) => {
    const existing = await findItemKey(tx, id)
    if (!existing) throw notFound('Item not found')
    const references = await countItemReferences(tx, id)
    const uses = [
      plural(references.collections, 'collection'),
      plural(references.alerts, 'price alert'),
      plural(references.posts, 'community post'),
      plural(references.sales, 'recorded sale'),
    ].filter(Boolean)
    if (uses.length > 0) {
      throw conflict(
        `This ${typeLabel(existing.type)} is in ${uses.join(', ')}, so it cannot be deleted without losing people's data.`,
      )
    }
    await deleteItem(tx, id)
  })
}

function duplicateNumber(fields: ItemFields) {
  return conflict(`A ${typeLabel(fields.type)} with the number ${fields.number} is already in the catalogue.`)
}

function plural(count: number, noun: string): string {
  if (count === 0) return ''
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
