import { describe, expect, it } from 'vitest'
import { FALLBACK_RATES_PER_USD } from '#shared/money.ts'
import {
  addItemButtonLabel,
  addItemTitle,
  emptyItemFormValues,
  type ItemFormValues,
  itemFormValues,
  itemTypeFromQuery,
  itemWriteBody,
  numberLabel,
} from './item-form.ts'
import { itemFormSchema } from './item-form-schema.ts'

const set: ItemFormValues = {
  type: 'set',
  name: '  Millennium Falcon ',
  number: ' 75192-1 ',
  theme: ' Ultimate Collector Series ',
  year: '2017',
  imageUrl: ' https://cdn.rebrickable.com/media/sets/75192-1.jpg ',
  pieces: '7541',
  minifigures: '8',
  originalMsrp: ' 734.99 ',
}

describe('itemWriteBody', () => {
  it('trims text and turns counts into numbers, with the display currency for the price', () => {
    expect(itemWriteBody(set, { currency: 'GBP', mode: 'create' })).toEqual({
      type: 'set',
      name: 'Millennium Falcon',
      number: '75192-1',
      theme: 'Ultimate Collector Series',
      year: 2017,
      pieces: 7541,
      minifigures: 8,
      imageUrl: 'https://cdn.rebrickable.com/media/sets/75192-1.jpg',
      originalMsrp: '734.99',
      currency: 'GBP',
      variantOf: null,
    })
  })

  it('sends empty optional fields as null', () => {
    const body = itemWriteBody(
      { ...emptyItemFormValues('set'), name: 'X', number: '1-1', theme: 'City', imageUrl: '  ' },
      { currency: 'USD', mode: 'create' },
    )
    expect(body).toEqual({
      type: 'set',
      name: 'X',
      number: '1-1',
      theme: 'City',
      year: null,
      pieces: null,
      minifigures: null,
      imageUrl: null,
      originalMsrp: null,
      variantOf: null,
    })
    expect(body).not.toHaveProperty('currency')
  })

  it('sends an empty number as null (refused as required)', () => {
    const body = itemWriteBody({ ...set, number: '   ' }, { currency: 'USD', mode: 'create' })
    expect(body.number).toBeNull()
  })

  it('clears the set-only fields of a minifigure', () => {
    const body = itemWriteBody({ ...set, type: 'minifig' }, { currency: 'USD', mode: 'create' })
    expect(body).toMatchObject({ type: 'minifig', pieces: null, minifigures: null, originalMsrp: null })
  })

  it('on edit keeps variantOf and an unchanged price by leaving them out', () => {
    const body = itemWriteBody(set, { currency: 'USD', mode: 'edit', msrpChanged: false })
    expect(body).not.toHaveProperty('variantOf')
    expect(body).not.toHaveProperty('originalMsrp')
    expect(body).not.toHaveProperty('currency')
    expect(itemWriteBody(set, { currency: 'USD', mode: 'edit', msrpChanged: true })).toMatchObject({
      originalMsrp: '734.99',
      currency: 'USD',
    })
    expect(
      itemWriteBody({ ...set, originalMsrp: '' }, { currency: 'USD', mode: 'edit', msrpChanged: true }),
    ).toMatchObject({ originalMsrp: null })
  })

  it('leaves text that is not a number as NaN, for the schema to refuse', () => {
    expect(itemWriteBody({ ...set, year: 'soon' }, { currency: 'USD', mode: 'create' }).year).toBeNaN()
  })
})

describe('itemFormSchema', () => {
  const schema = itemFormSchema()
  const messages = (values: ItemFormValues) => {
    const result = schema.safeParse(values)
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
  }

  it('accepts a complete set and outputs the body', () => {
    const result = schema.safeParse(set)
    expect(result.success).toBe(true)
    expect(result.data?.name).toBe('Millennium Falcon')
  })

  it("uses the shared contract's messages, on the fields' names", () => {
    expect(messages(emptyItemFormValues('set'))).toEqual({
      name: 'Name is required',
      number: 'Item number is required',
      theme: 'Theme is required',
    })
    expect(
      messages({
        ...set,
        year: '1949',
        pieces: '0',
        minifigures: '-1',
        imageUrl: 'not a url',
        originalMsrp: '1.234',
      }),
    ).toEqual({
      year: 'Year must be 1950 or later',
      pieces: 'Pieces must be at least 1',
      minifigures: 'Minifigures must be at least 0',
      imageUrl: 'Image URL must be a web address (http or https)',
      originalMsrp: 'Retail price must be an amount such as 19.99',
    })
    expect(messages({ ...set, year: String(new Date().getUTCFullYear() + 1) })).toEqual({
      year: 'Year cannot be in the future',
    })
  })
})

describe('itemFormValues', () => {
  it('shows the stored item, the price converted from pounds into the display currency', () => {
    const values = itemFormValues(
      {
        type: 'set',
        name: 'Millennium Falcon',
        number: '75192-1',
        theme: 'Ultimate Collector Series',
        year: 2017,
        imageUrl: null,
        pieces: 7541,
        minifigures: null,
        originalMsrp: '734.99',
      },
      'USD',
      FALLBACK_RATES_PER_USD,
    )
    expect(values).toEqual({
      type: 'set',
      name: 'Millennium Falcon',
      number: '75192-1',
      theme: 'Ultimate Collector Series',
      year: '2017',
      imageUrl: '',
      pieces: '7541',
      minifigures: '',
      // 734.99 / 0.73
      originalMsrp: '1006.84',
    })
    expect(
      itemFormValues(
        { ...values, year: null, pieces: null, minifigures: 0, originalMsrp: '10.00', imageUrl: 'null' },
        'GBP',
        FALLBACK_RATES_PER_USD,
      ),
    ).toMatchObject({ year: '', minifigures: '0', originalMsrp: '10.00', imageUrl: '' })
  })
})

describe('titles and labels', () => {
  it('follows the type in the query', () => {
    expect(itemTypeFromQuery('?type=set')).toBe('set')
    expect(itemTypeFromQuery('type=minifig')).toBe('minifig')
    expect(itemTypeFromQuery('?type=other')).toBeUndefined()
    expect(itemTypeFromQuery('')).toBeUndefined()
    expect([addItemTitle('set'), addItemTitle('minifig'), addItemTitle(undefined)]).toEqual([
      'Add New LEGO Set',
      'Add New LEGO Minifigure',
      'Add New LEGO Item',
    ])
    expect([addItemButtonLabel('set'), addItemButtonLabel('minifig'), addItemButtonLabel(undefined)]).toEqual(
      ['Add Set', 'Add Minifigure', 'Add Item'],
    )
    expect([numberLabel('set'), numberLabel('minifig')]).toEqual(['Set Number', 'Minifigure Code'])
  })
})
