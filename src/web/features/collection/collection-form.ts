/**
 * The add-to-collection, edit-entry and create-item forms (spec 01 §3, §5, §8): what the fields hold,
 * how they are checked, and the request bodies they become. The shared contract's schemas give the
 * rules and messages, so the forms and the server agree; the forms add the spec's own: 'Required',
 * 'Condition not found' (a chosen condition that is not among the loaded ones), 'Please select a
 * condition', and 'Expected number, received string' for text typed into a number field.
 */
import { type ItemWriteBody, itemWriteBodySchema } from '#shared/contract/catalogue.ts'
import {
  type AddCollectionBody,
  addCollectionBodySchema,
  type CollectionEntry,
  type UpdateCollectionBody,
} from '#shared/contract/collections.ts'
import { type CurrencyCode, isCurrencyCode, parseAmount } from '#shared/money.ts'
import { ADD_SEARCH_MIN_LENGTH } from './collection-constants.ts'

export * from './collection-constants.ts'

export const FORM_MESSAGES = {
  required: 'Required',
  conditionNotFound: 'Condition not found',
  selectCondition: 'Please select a condition',
  notANumber: 'Expected number, received string',
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

export type FormErrors<Field extends string> = Partial<Record<Field, string>>

/** Number fields whose input holds text that is not a number (the browser's `validity.badInput`). */
export type BadInputs = ReadonlySet<string>

export interface ConditionChoice {
  id: number
  label: string
}

export const todayIso = () => new Date().toISOString().slice(0, 10)

function conditionById(conditions: readonly ConditionChoice[], id: string): ConditionChoice | undefined {
  return conditions.find((condition) => String(condition.id) === id)
}

const ENTRY_FIELDS = ['conditionId', 'quantity', 'pricePaid', 'purchaseDate'] as const

/**
 * Checks the entry fields. `missingCondition` is the message for no condition: 'Required' in
 * variant A (a generic validator message), 'Please select a condition' elsewhere.
 */
export function validateEntry(
  values: EntryFormValues,
  options: {
    conditions: readonly ConditionChoice[]
    badInputs?: BadInputs
    missingCondition?: string
  },
): FormErrors<keyof EntryFormValues> {
  const errors: FormErrors<keyof EntryFormValues> = {}
  if (!values.conditionId) errors.conditionId = options.missingCondition ?? FORM_MESSAGES.selectCondition
  else if (!conditionById(options.conditions, values.conditionId))
    errors.conditionId = FORM_MESSAGES.conditionNotFound
  for (const field of ['quantity', 'pricePaid'] as const) {
    if (options.badInputs?.has(field)) errors[field] = FORM_MESSAGES.notANumber
  }
  if (!errors.quantity && values.quantity.trim() === '') errors.quantity = FORM_MESSAGES.required

  // The contract's rules for the rest: whole quantity of at least 1, a price of 0 or more with at most
  // two decimals, a real purchase date that is not in the future.
  const parsed = addCollectionBodySchema.safeParse({
    itemId: 1,
    condition: 'checked above',
    quantity: values.quantity.trim(),
    pricePaid: values.pricePaid,
    purchaseDate: values.purchaseDate || undefined,
  })
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0]
    if (field === 'quantity' || field === 'pricePaid' || field === 'purchaseDate')
      errors[field] ??= issue.message
  }
  return errors
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
 * untouched price never drifts through a conversion.
 */
export function entryPriceCurrency(entry: Pick<CollectionEntry, 'currency'>): CurrencyCode {
  return isCurrencyCode(entry.currency) ? entry.currency : 'GBP'
}

/** An entry as the edit form shows it. */
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
    pricePaid: parseAmount(price)?.eq(0) ? '' : price,
    purchaseDate: entry.purchaseDate ?? '',
  }
}

const sameAmount = (a: string, b: string) => {
  const left = parseAmount(a.trim() || '0')
  const right = parseAmount(b.trim() || '0')
  return Boolean(left && right && left.eq(right))
}

/**
 * PATCH /api/collections/{id}: only what changed (the price with its currency); null when nothing did.
 * A cleared purchase date is sent as null, which clears it.
 */
export function updateEntryBody(
  entry: Parameters<typeof entryFormValues>[0],
  values: EntryFormValues,
  conditions: readonly ConditionChoice[],
): UpdateCollectionBody | null {
  const before = entryFormValues(entry)
  const body: UpdateCollectionBody = {}
  if (values.conditionId !== before.conditionId) {
    const label = conditionById(conditions, values.conditionId)?.label
    if (label) body.condition = label
  }
  if (Number(values.quantity.trim()) !== entry.quantity) body.quantity = Number(values.quantity.trim())
  if (!sameAmount(values.pricePaid, before.pricePaid)) {
    body.pricePaid = values.pricePaid.trim() || '0'
    body.currency = entryPriceCurrency(entry)
  }
  if (values.purchaseDate !== before.purchaseDate) body.purchaseDate = values.purchaseDate || null
  return Object.keys(body).length > 0 ? body : null
}

/** Variant B's create mode: the new item, then the entry. */
export interface CreateFormValues extends EntryFormValues {
  type: 'set' | 'minifig'
  name: string
  number: string
  theme: string
  year: string
  pieces: string
  minifigures: string
  imageUrl: string
}

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

/** A number, or null when empty; text that is not a number stays NaN so the schema says so. */
function numberOrNull(value: string): number | null {
  const trimmed = value.trim()
  return trimmed === '' ? null : Number(trimmed)
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

const ITEM_FIELDS = ['name', 'number', 'theme', 'year', 'pieces', 'minifigures', 'imageUrl'] as const

export function validateCreate(
  values: CreateFormValues,
  options: { conditions: readonly ConditionChoice[]; badInputs?: BadInputs },
): FormErrors<keyof CreateFormValues> {
  const errors: FormErrors<keyof CreateFormValues> = {}
  for (const field of ['year', 'pieces', 'minifigures'] as const) {
    if (options.badInputs?.has(field)) errors[field] = FORM_MESSAGES.notANumber
  }
  const parsed = itemWriteBodySchema.safeParse(createItemBody(values))
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = ITEM_FIELDS.find((name) => name === issue.path[0])
    if (field) errors[field] ??= issue.message
  }
  return {
    ...errors,
    ...validateEntry(values, { ...options, missingCondition: FORM_MESSAGES.selectCondition }),
  }
}

export function hasErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some(Boolean)
}

/** The first field with a message, in the form's order, to move focus to. */
export function firstInvalidField<Field extends string>(
  errors: FormErrors<Field>,
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
