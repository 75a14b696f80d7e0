import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { NOT_A_NUMBER } from '#web/lib/number-input.ts'
import { ADD_SEARCH_DEBOUNCE_MS } from './add-search.ts'
import {
  addEntryBody,
  type ConditionChoice,
  type CreateFormValues,
  createFormSchema,
  createItemBody,
  createPrefill,
  EMPTY_ENTRY,
  type EntryFormValues,
  emptyCreateValues,
  entryFormSchema,
  entryFormValues,
  entryPriceCurrency,
  FORM_MESSAGES,
  firstInvalidField,
  isAddSearchable,
  serverFieldErrors,
  updateEntryBody,
} from './collection-form.ts'
import { TOASTS } from './collection-toasts.ts'
import { COST_HINT } from './entry-field-texts.ts'

interface CheckOptions {
  conditions: readonly ConditionChoice[]
  /** Number fields whose input holds text the browser cannot read as a number. */
  badInputs?: ReadonlySet<string>
  missingCondition?: string
}

/** What the form shows under each field for these values: the schema's first message per field. */
function messages<Values extends object>(schema: z.ZodType, values: Values, badInputs?: ReadonlySet<string>) {
  const typed = Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, badInputs?.has(field) ? NOT_A_NUMBER : value]),
  )
  const result = schema.safeParse(typed)
  const found: Record<string, string> = {}
  for (const issue of result.success ? [] : result.error.issues)
    found[String(issue.path[0])] ??= issue.message
  return found as Partial<Record<keyof Values, string>>
}

const validateEntry = (values: EntryFormValues, { badInputs, ...rules }: CheckOptions) =>
  messages(entryFormSchema(rules), values, badInputs)
const validateCreate = (values: CreateFormValues, { badInputs, ...rules }: CheckOptions) =>
  messages(createFormSchema(rules), values, badInputs)

const conditions = [
  { id: 1, label: 'New/Sealed' },
  { id: 3, label: 'Used/Complete' },
]
const valid: EntryFormValues = {
  conditionId: '1',
  quantity: '2',
  pricePaid: '15.50',
  purchaseDate: '2024-05-04',
}
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

describe('the spec texts and constants', () => {
  it('keeps the dialogs’ words', () => {
    expect(COST_HINT).toBe('What you paid for this item (optional, for P&L tracking)')
    expect(TOASTS.addedA).toEqual({ title: 'Success', description: 'Item added to collection successfully' })
    expect(TOASTS.addFailedA).toEqual({ title: 'Error', description: 'Failed to add item to collection' })
    expect(TOASTS.addedB.description).toBe('Item added to collection successfully.')
    expect(TOASTS.addFailedB.description).toBe('Failed to add item to collection.')
    expect(TOASTS.created.description).toBe('Item created and added to your collection!')
    expect(TOASTS.removed.description).toBe('Item removed from collection.')
    expect(TOASTS.removeFailed.description).toBe('Failed to remove item from collection')
  })

  it('searches from one character after 300 ms', () => {
    expect(ADD_SEARCH_DEBOUNCE_MS).toBe(300)
    expect(isAddSearchable('')).toBe(false)
    expect(isAddSearchable('  ')).toBe(false)
    expect(isAddSearchable('x')).toBe(true)
  })

  it('starts with quantity 1 and nothing else', () => {
    expect(EMPTY_ENTRY).toEqual({ conditionId: '', quantity: '1', pricePaid: '', purchaseDate: '' })
  })
})

describe('validateEntry', () => {
  it('accepts a complete entry, and one with only a condition', () => {
    expect(validateEntry(valid, { conditions })).toEqual({})
    expect(validateEntry({ ...EMPTY_ENTRY, conditionId: '3' }, { conditions })).toEqual({})
  })

  it("says 'Required' (variant A) or 'Please select a condition' without a condition", () => {
    const missing = { ...valid, conditionId: '' }
    expect(validateEntry(missing, { conditions, missingCondition: FORM_MESSAGES.required }).conditionId).toBe(
      'Required',
    )
    expect(validateEntry(missing, { conditions }).conditionId).toBe('Please select a condition')
  })

  it("says 'Condition not found' for a condition that is not among the loaded ones", () => {
    expect(validateEntry({ ...valid, conditionId: '99' }, { conditions }).conditionId).toBe(
      'Condition not found',
    )
    expect(validateEntry(valid, { conditions: [] }).conditionId).toBe('Condition not found')
  })

  it('wants a whole quantity of at least 1', () => {
    expect(validateEntry({ ...valid, quantity: '0' }, { conditions }).quantity).toBe(
      'Quantity must be at least 1',
    )
    expect(validateEntry({ ...valid, quantity: '-3' }, { conditions }).quantity).toBe(
      'Quantity must be at least 1',
    )
    expect(validateEntry({ ...valid, quantity: '1.5' }, { conditions }).quantity).toBe(
      'Quantity must be a whole number',
    )
    expect(validateEntry({ ...valid, quantity: '' }, { conditions }).quantity).toBe('Required')
    expect(validateEntry({ ...valid, quantity: '10001' }, { conditions }).quantity).toBe(
      'Quantity must be at most 10000',
    )
  })

  it('takes a quantity typed with a leading zero as the number the body will carry', () => {
    expect(validateEntry({ ...valid, quantity: '05' }, { conditions }).quantity).toBeUndefined()
  })

  it("says 'Expected number, received string' for text in a number field", () => {
    const errors = validateEntry(
      { ...valid, quantity: '', pricePaid: '' },
      { conditions, badInputs: new Set(['quantity', 'pricePaid']) },
    )
    expect(errors.quantity).toBe('Expected number, received string')
    expect(errors.pricePaid).toBe('Expected number, received string')
  })

  it('refuses negative prices, more than two decimals, and future dates', () => {
    expect(validateEntry({ ...valid, pricePaid: '-5' }, { conditions }).pricePaid).toMatch(/not negative/)
    expect(validateEntry({ ...valid, pricePaid: '1.234' }, { conditions }).pricePaid).toMatch(/49\.99/)
    expect(validateEntry({ ...valid, purchaseDate: tomorrow() }, { conditions }).purchaseDate).toBe(
      'Purchase date cannot be in the future',
    )
    expect(validateEntry({ ...valid, purchaseDate: '2024-02-30' }, { conditions }).purchaseDate).toBe(
      'Purchase date must be a real date',
    )
  })
})

describe('addEntryBody', () => {
  it('sends the condition by label, the price as text, the display currency and the date', () => {
    expect(addEntryBody(valid, { itemId: 42, conditions, currency: 'EUR' })).toEqual({
      itemId: 42,
      condition: 'New/Sealed',
      quantity: 2,
      pricePaid: '15.50',
      currency: 'EUR',
      purchaseDate: '2024-05-04',
    })
  })

  it('sends "0" for an empty price and leaves out an empty date', () => {
    const body = addEntryBody(
      { ...EMPTY_ENTRY, conditionId: '3' },
      { itemId: 7, conditions, currency: 'USD' },
    )
    expect(body).toEqual({
      itemId: 7,
      condition: 'Used/Complete',
      quantity: 1,
      pricePaid: '0',
      currency: 'USD',
    })
    expect('purchaseDate' in body).toBe(false)
  })
})

describe('editing an entry', () => {
  const entry = {
    condition: { id: 1, label: 'New/Sealed', grade: 'new' as const },
    quantity: 2,
    pricePaid: '10.95',
    originalPrice: '15.00',
    currency: 'USD',
    purchaseDate: '2024-01-02',
  }

  it('shows the price as it was entered, in its own currency', () => {
    expect(entryFormValues(entry)).toEqual({
      conditionId: '1',
      quantity: '2',
      pricePaid: '15.00',
      purchaseDate: '2024-01-02',
    })
    expect(entryPriceCurrency(entry)).toBe('USD')
    expect(entryPriceCurrency({ currency: null, pricePaid: '1.00' })).toBe('GBP')
    expect(entryFormValues({ ...entry, originalPrice: '0.00' }).pricePaid).toBe('')
  })

  it('sends only what changed; nothing when nothing did', () => {
    const same = entryFormValues(entry)
    expect(updateEntryBody(entry, same, conditions)).toBeNull()
    expect(updateEntryBody(entry, { ...same, pricePaid: '15' }, conditions)).toBeNull()
    expect(updateEntryBody(entry, { ...same, quantity: '5' }, conditions)).toEqual({ quantity: 5 })
    expect(updateEntryBody(entry, { ...same, conditionId: '3' }, conditions)).toEqual({
      condition: 'Used/Complete',
    })
    expect(updateEntryBody(entry, { ...same, pricePaid: '12.5' }, conditions)).toEqual({
      pricePaid: '12.5',
      currency: 'USD',
    })
    expect(updateEntryBody(entry, { ...same, pricePaid: '' }, conditions)).toEqual({
      pricePaid: '0',
      currency: 'USD',
    })
    expect(updateEntryBody(entry, { ...same, purchaseDate: '' }, conditions)).toEqual({ purchaseDate: null })
  })

  describe('whose price paid is not known (imported without one)', () => {
    const unknown = { ...entry, pricePaid: null, originalPrice: null, currency: null }

    it('shows an empty price, to be typed in the display currency', () => {
      expect(entryFormValues(unknown).pricePaid).toBe('')
      expect(entryPriceCurrency(unknown, 'EUR')).toBe('EUR')
    })

    it('keeps it unknown when the price is left empty, and sends any typed price, 0 included', () => {
      const same = entryFormValues(unknown)
      expect(updateEntryBody(unknown, same, conditions, 'EUR')).toBeNull()
      expect(updateEntryBody(unknown, { ...same, quantity: '3' }, conditions, 'EUR')).toEqual({ quantity: 3 })
      expect(updateEntryBody(unknown, { ...same, pricePaid: '0' }, conditions, 'EUR')).toEqual({
        pricePaid: '0',
        currency: 'EUR',
      })
      expect(updateEntryBody(unknown, { ...same, pricePaid: '42.5' }, conditions, 'CAD')).toEqual({
        pricePaid: '42.5',
        currency: 'CAD',
      })
    })
  })
})

describe('creating an item', () => {
  const filled = {
    ...emptyCreateValues('set'),
    name: ' Tiny Falcon ',
    number: ' 9999-1 ',
    theme: 'Star Wars',
    year: '2020',
    pieces: '120',
    minifigures: '2',
    imageUrl: '',
    conditionId: '1',
  }

  it('starts from the search: a number-like query as the number, anything else as the name', () => {
    expect(createPrefill('75192-1')).toEqual({ name: '', number: '75192-1' })
    expect(createPrefill('sw0001')).toEqual({ name: '', number: 'sw0001' })
    expect(createPrefill('Millennium Falcon')).toEqual({ name: 'Millennium Falcon', number: '' })
    expect(emptyCreateValues('minifig', { name: 'Yoda' })).toMatchObject({
      type: 'minifig',
      name: 'Yoda',
      quantity: '1',
    })
  })

  it('builds the item body: trimmed text, numbers, null for empty; pieces for sets only', () => {
    expect(createItemBody(filled)).toEqual({
      type: 'set',
      name: 'Tiny Falcon',
      number: '9999-1',
      theme: 'Star Wars',
      year: 2020,
      pieces: 120,
      minifigures: 2,
      imageUrl: null,
    })
    expect(createItemBody({ ...filled, type: 'minifig', year: '' })).toMatchObject({
      type: 'minifig',
      year: null,
      pieces: null,
      minifigures: null,
    })
  })

  it('gives the create form’s messages', () => {
    expect(validateCreate(filled, { conditions })).toEqual({})
    const errors = validateCreate(
      {
        ...filled,
        name: '',
        number: ' ',
        theme: '',
        year: '1949',
        pieces: '0',
        minifigures: '-1',
        imageUrl: 'not a url',
        conditionId: '',
        quantity: '0',
      },
      { conditions },
    )
    expect(errors).toEqual({
      name: 'Name is required',
      number: 'Item number is required',
      theme: 'Theme is required',
      year: 'Year must be 1950 or later',
      pieces: 'Pieces must be at least 1',
      minifigures: 'Minifigures must be at least 0',
      imageUrl: 'Image URL must be a web address (http or https)',
      conditionId: 'Please select a condition',
      quantity: 'Quantity must be at least 1',
    })
    expect(
      validateCreate({ ...filled, year: String(new Date().getFullYear() + 1) }, { conditions }).year,
    ).toBe('Year cannot be in the future')
    expect(validateCreate({ ...filled, year: '' }, { conditions, badInputs: new Set(['year']) }).year).toBe(
      'Expected number, received string',
    )
  })

  it('finds the first field to fix in the form’s order', () => {
    expect(firstInvalidField({ quantity: 'x', name: 'y' }, ['name', 'quantity'] as const)).toBe('name')
    expect(firstInvalidField({}, ['name'] as const)).toBeUndefined()
  })
})

describe('serverFieldErrors', () => {
  it('reads the field messages of a 400 answer', () => {
    const body = JSON.stringify({
      message: 'x',
      errors: [
        { path: 'quantity', message: 'Quantity must be at least 1' },
        { path: 'purchaseDate', message: 'Purchase date cannot be in the future' },
      ],
    })
    expect(serverFieldErrors(body)).toEqual({
      quantity: 'Quantity must be at least 1',
      purchaseDate: 'Purchase date cannot be in the future',
    })
    expect(serverFieldErrors('not json')).toEqual({})
    expect(serverFieldErrors('{"message":"Item not found"}')).toEqual({})
  })
})
