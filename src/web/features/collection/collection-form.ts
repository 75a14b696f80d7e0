/**
 * The add-to-collection, edit-entry and create-item forms (spec 01 §3, §5, §8): what the fields hold,
 * how they are checked, and the request bodies they become. Each field is checked by the shared
 * contract's schema for it, so the forms and the server agree; the forms add the spec's own:
 * 'Required', 'Condition not found' (a chosen condition that is not among the loaded ones), 'Please
 * select a condition', and 'Expected number, received string' for text typed into a number field.
 */
import { z } from 'zod'
import type { ItemWriteBody } from '#shared/contract/catalogue.ts'
import {
  type AddCollectionBody,
  type CollectionEntry,
  pricePaidSchema,
  purchaseDateSchema,
  quantitySchema,
  type UpdateCollectionBody,
} from '#shared/contract/collections.ts'
import { type CurrencyCode, isCurrencyCode, parseAmount } from '#shared/money.ts'
import { forItemType, type ItemFieldValues, itemFieldsShape } from '#web/features/item-editor/index.ts'
import { numberInputText } from '#web/lib/form-schemas.ts'
import { numberOrNull } from '#web/lib/form-values.ts'
import { NOT_A_NUMBER_MESSAGE } from '#web/lib/number-input.ts'
import { ADD_SEARCH_MIN_LENGTH } from './add-search.ts'

export const FORM_MESSAGES = {
  required: 'Required',
  conditionNotFound: 'Condition not found',
  selectCondition: 'Please select a condition',
  notANumber: NOT_A_NUMBER_MESSAGE,
} as const

export function isAddSearchable(query: string): boolean {
  return query.trim().length >= ADD_SEARCH_MIN_LENGTH
}

/** Condition, quantity, price paid per item and purchase date, as the inputs hold them: text. */
export interface EntryFormValues {
  conditionId: string
  quantity: string
  pricePaid: string
  purchaseDate: string
}

/** The spec's defaults: quantity 1, no condition, no price, no date. */
export const EMPTY_ENTRY: EntryFormValues = {
  conditionId: '',
  quantity: '1',
  pricePaid: '',
  purchaseDate: '',
}

export interface ConditionChoice {
  id: number
  label: string
}

function conditionById(conditions: readonly ConditionChoice[], id: string): ConditionChoice | undefined {
  return conditions.find((condition) => String(condition.id) === id)
}

const ENTRY_FIELDS = ['conditionId', 'quantity', 'pricePaid', 'purchaseDate'] as const

export interface EntryRules {
  /** The conditions offered (loaded for the item's type); a choice outside them is 'Condition not found'. */
  conditions: readonly ConditionChoice[]
  /** For no condition: 'Required' in variant A (a generic validator message), else 'Please select a condition'. */
  missingCondition?: string
}

/**
 * The entry fields' checks: a condition among the loaded ones, a whole quantity of at least 1, a
 * price of 0 or more with at most two decimals, a real purchase date that is not in the future.
 */
export function entryFieldsShape(rules: EntryRules) {
  return {
    conditionId: z.string().superRefine((id, context) => {
      if (!id)
        context.addIssue({ code: 'custom', message: rules.missingCondition ?? FORM_MESSAGES.selectCondition })
      else if (!conditionById(rules.conditions, id))
        context.addIssue({ code: 'custom', message: FORM_MESSAGES.conditionNotFound })
    }),
    quantity: numberInputText()
      .trim()
      .min(1, { message: FORM_MESSAGES.required })
      // The body carries Number(text) (addEntryBody), so that number is what the contract checks: '05'
      // typed in the input is 5, though the API itself takes only plain numerals as text.
      .transform(Number)
      .pipe(quantitySchema as z.ZodType<number, number>),
    pricePaid: numberInputText().pipe(pricePaidSchema),
    purchaseDate: z
      .string()
      .transform((date) => date || undefined)
      .pipe(purchaseDateSchema.optional()),
  }
}

/** Condition, quantity, price and date: variant A, variant B's details and the edit dialog. */
export function entryFormSchema(rules: EntryRules) {
  return z.object(entryFieldsShape(rules))
}

/**
 * POST /api/collections: the condition by its label (not its id), the price per item as text ("0"
 * when empty) in the display currency, the purchase date only when given.
 */
export function addEntryBody(
  values: EntryFormValues,
  options: { itemId: number; conditions: readonly ConditionChoice[]; currency: CurrencyCode },
): AddCollectionBody {
  const body: AddCollectionBody = {
    itemId: options.itemId,
    condition: conditionById(options.conditions, values.conditionId)?.label ?? '',
    quantity: Number(values.quantity.trim()),
    pricePaid: values.pricePaid.trim() || '0',
    currency: options.currency,
  }
  if (values.purchaseDate) body.purchaseDate = values.purchaseDate
  return body
}

/**
 * The currency an entry's price was typed in: the edit form shows and sends the price in it, so an
 * untouched price never drifts through a conversion. A price paid not known yet is typed in the display
 * currency, as when adding.
 */
export function entryPriceCurrency(
  entry: Pick<CollectionEntry, 'currency' | 'pricePaid'>,
  displayCurrency: CurrencyCode = 'GBP',
): CurrencyCode {
  if (entry.pricePaid === null) return displayCurrency
  return isCurrencyCode(entry.currency) ? entry.currency : 'GBP'
}

/** An entry as the edit form shows it: an unknown price paid (and one of 0) as an empty field. */
export function entryFormValues(
  entry: Pick<
    CollectionEntry,
    'condition' | 'quantity' | 'pricePaid' | 'originalPrice' | 'currency' | 'purchaseDate'
  >,
): EntryFormValues {
  const price = entry.originalPrice ?? entry.pricePaid
  return {
    conditionId: String(entry.condition.id),
    quantity: String(entry.quantity),
    pricePaid: price === null || parseAmount(price)?.eq(0) ? '' : price,
    purchaseDate: entry.purchaseDate ?? '',
  }
}

const sameAmount = (a: string, b: string) => {
  const left = parseAmount(a.trim() || '0')
  const right = parseAmount(b.trim() || '0')
  return Boolean(left && right && left.eq(right))
}

/** Whether the price field says something new: for an entry whose price paid is unknown, any typed price. */
function priceChanged(entry: Pick<CollectionEntry, 'pricePaid'>, typed: string, before: string): boolean {
  if (entry.pricePaid === null) return typed.trim() !== ''
  return !sameAmount(typed, before)
}

/**
 * PATCH /api/collections/{id}: only what changed (the price with its currency); null when nothing did.
 * A cleared purchase date is sent as null, which clears it. An unknown price paid left empty is not sent,
 * so it stays unknown (a typed 0 is a price).
 */
export function updateEntryBody(
  entry: Parameters<typeof entryFormValues>[0],
  values: EntryFormValues,
  conditions: readonly ConditionChoice[],
  displayCurrency?: CurrencyCode,
): UpdateCollectionBody | null {
  const before = entryFormValues(entry)
  const body: UpdateCollectionBody = {}
  if (values.conditionId !== before.conditionId) {
    const label = conditionById(conditions, values.conditionId)?.label
    if (label) body.condition = label
  }
  if (Number(values.quantity.trim()) !== entry.quantity) body.quantity = Number(values.quantity.trim())
  if (priceChanged(entry, values.pricePaid, before.pricePaid)) {
    body.pricePaid = values.pricePaid.trim() || '0'
    body.currency = entryPriceCurrency(entry, displayCurrency)
  }
  if (values.purchaseDate !== before.purchaseDate) body.purchaseDate = values.purchaseDate || null
  return Object.keys(body).length > 0 ? body : null
}

/** Variant B's create mode: the new item, then the entry. */
export interface CreateFormValues extends EntryFormValues, ItemFieldValues {}

/**
 * The create form starts from what was searched for: a number-like query (digits, no spaces, e.g.
 * '75192-1' or 'sw0001') as the item number, anything else as the name.
 */
export function createPrefill(query: string): Pick<CreateFormValues, 'name' | 'number'> {
  const text = query.trim()
  if (/\d/.test(text) && !/\s/.test(text)) return { name: '', number: text }
  return { name: text, number: '' }
}

export function emptyCreateValues(
  type: CreateFormValues['type'] = 'set',
  prefill: Partial<Pick<CreateFormValues, 'name' | 'number'>> = {},
): CreateFormValues {
  return {
    ...EMPTY_ENTRY,
    type,
    name: prefill.name ?? '',
    number: prefill.number ?? '',
    theme: '',
    year: '',
    pieces: '',
    minifigures: '',
    imageUrl: '',
  }
}

/** POST /api/items: trimmed text, numbers or null; pieces and minifigures belong to sets only. */
export function createItemBody(values: CreateFormValues): ItemWriteBody {
  const isSet = values.type === 'set'
  return {
    type: values.type,
    name: values.name.trim(),
    number: values.number.trim(),
    theme: values.theme.trim(),
    year: numberOrNull(values.year),
    pieces: isSet ? numberOrNull(values.pieces) : null,
    minifigures: isSet ? numberOrNull(values.minifigures) : null,
    imageUrl: values.imageUrl.trim() || null,
  }
}

/** The new item's facts and the entry, each field checked by the contract's schema for it. */
export function createFormSchema(rules: EntryRules) {
  return z
    .custom<CreateFormValues>()
    .transform(forItemType)
    .pipe(
      z.object({
        ...itemFieldsShape(),
        ...entryFieldsShape({ ...rules, missingCondition: FORM_MESSAGES.selectCondition }),
      }),
    )
}

/** The first field with a message, in the form's order, to move focus to. */
export function firstInvalidField<Field extends string>(
  errors: Partial<Record<Field, unknown>>,
  order: readonly Field[],
): Field | undefined {
  return order.find((field) => errors[field])
}

export const ENTRY_FIELD_ORDER = ENTRY_FIELDS
export const CREATE_FIELD_ORDER = [
  'type',
  'name',
  'number',
  'theme',
  'year',
  'pieces',
  'minifigures',
  'imageUrl',
  ...ENTRY_FIELDS,
] as const satisfies ReadonlyArray<keyof CreateFormValues>

/** The server's field messages from a failed call's JSON body (`errors: [{ path, message }]`). */
export function serverFieldErrors(body: string): Record<string, string> {
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ path?: unknown; message?: unknown }> }
    const result: Record<string, string> = {}
    for (const issue of parsed.errors ?? []) {
      if (typeof issue.path === 'string' && typeof issue.message === 'string')
        result[issue.path.split('.')[0] ?? ''] ??= issue.message
    }
    return result
  } catch {
    return {}
  }
}
