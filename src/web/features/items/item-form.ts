import type { ItemDetail, ItemWriteBody } from '#shared/contract/catalogue.ts'
import { type CurrencyCode, convertAmount, type RatesPerUsd } from '#shared/money.ts'
import type { ItemFieldValues, ItemType } from '#web/features/item-editor/index.ts'
import { numberOrNull, textOrNull } from '#web/lib/form-values.ts'

export { numberLabel } from '#web/features/item-editor/index.ts'
export type { ItemType }

export const ITEM_ADDED = { title: 'Success', description: 'Item added successfully' }
export const ITEM_ADD_FAILED = 'Failed to add item. Please try again.'
export const ITEM_UPDATED = { title: 'Success', description: 'Item updated successfully' }
export const ITEM_UPDATE_FAILED = 'Failed to update item. Please try again.'

/** The form's fields, as the inputs hold them: text. */
export interface ItemFormValues extends ItemFieldValues {
  originalMsrp: string
}

/** The query's type=set|minifig; anything else means no type (the form then offers a choice). */
export function itemTypeFromQuery(search: string): ItemType | undefined {
  const type = new URLSearchParams(search).get('type')
  return type === 'set' || type === 'minifig' ? type : undefined
}

export function addItemTitle(type: ItemType | undefined): string {
  if (type === 'set') return 'Add New LEGO Set'
  if (type === 'minifig') return 'Add New LEGO Minifigure'
  return 'Add New LEGO Item'
}

export function addItemButtonLabel(type: ItemType | undefined): string {
  if (type === 'set') return 'Add Set'
  if (type === 'minifig') return 'Add Minifigure'
  return 'Add Item'
}

export function emptyItemFormValues(type: ItemType): ItemFormValues {
  return {
    type,
    name: '',
    number: '',
    theme: '',
    year: '',
    imageUrl: '',
    pieces: '',
    minifigures: '',
    originalMsrp: '',
  }
}

/**
 * The stored item as the edit form shows it. The retail price is stored in pounds and shown in the
 * user's display currency, the currency the form's price field is in.
 */
export function itemFormValues(
  item: Pick<
    ItemDetail,
    'type' | 'name' | 'number' | 'theme' | 'year' | 'imageUrl' | 'pieces' | 'minifigures' | 'originalMsrp'
  >,
  currency: CurrencyCode,
  rates: RatesPerUsd,
): ItemFormValues {
  const text = (value: number | null) => (value === null ? '' : String(value))
  return {
    type: item.type,
    name: item.name,
    number: item.number,
    theme: item.theme,
    year: text(item.year),
    imageUrl: item.imageUrl && item.imageUrl !== 'null' ? item.imageUrl : '',
    pieces: text(item.pieces),
    minifigures: text(item.minifigures),
    originalMsrp: item.originalMsrp ? convertAmount(item.originalMsrp, 'GBP', currency, rates) : '',
  }
}

export interface BodyOptions {
  /** The display currency: the currency the retail price was typed in. */
  currency: CurrencyCode
  /**
   * create: every field is sent (variantOf null). edit: variantOf is left out (kept), and so is an
   * unchanged retail price, so converting it back and forth never shifts it by a penny.
   */
  mode: 'create' | 'edit'
  msrpChanged?: boolean
}

/**
 * The request body (spec 02 §5): text trimmed; number, image URL, variantOf and retail price null
 * when empty; year, pieces and minifigures numbers or null. Set-only fields are null for minifigures.
 */
export function itemWriteBody(values: ItemFormValues, options: BodyOptions): ItemWriteBody {
  const isSet = values.type === 'set'
  const body: ItemWriteBody = {
    type: values.type,
    name: values.name.trim(),
    // The contract requires a number; an empty one is sent as null and refused with its message.
    number: textOrNull(values.number) as string,
    theme: values.theme.trim(),
    year: numberOrNull(values.year),
    pieces: isSet ? numberOrNull(values.pieces) : null,
    minifigures: isSet ? numberOrNull(values.minifigures) : null,
    imageUrl: textOrNull(values.imageUrl),
  }
  const sendMsrp = options.mode === 'create' || options.msrpChanged || !isSet
  if (sendMsrp) {
    body.originalMsrp = isSet ? textOrNull(values.originalMsrp) : null
    if (body.originalMsrp !== null) body.currency = options.currency
  }
  if (options.mode === 'create') body.variantOf = null
  return body
}
