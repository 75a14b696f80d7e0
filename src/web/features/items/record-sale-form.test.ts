import { describe, expect, it } from 'vitest'
import {
  emptyRecordSaleValues,
  RECORD_SALE_TEXTS,
  type RecordSaleFormValues,
  recordedSaleMessage,
  recordSaleBody,
  recordSaleFormSchema,
} from './record-sale-form.ts'

const today = new Date().toISOString().slice(0, 10)
const valid: RecordSaleFormValues = {
  price: ' 49.99 ',
  currency: 'USD',
  conditionId: '3',
  saleDate: today,
  source: 'eBay',
  sourceRef: '  ',
  proofUrl: '',
}

/** The schema's first message per field for these values (what the form shows under each field). */
function messages(values: Partial<RecordSaleFormValues>): Record<string, string> {
  const result = recordSaleFormSchema.safeParse({ ...valid, ...values })
  if (result.success) return {}
  const found: Record<string, string> = {}
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message
  return found
}

describe('recordSaleBody', () => {
  it('trims, turns the condition into its id and leaves out empty optional fields', () => {
    expect(recordSaleBody(valid)).toEqual({
      price: '49.99',
      currency: 'USD',
      conditionId: 3,
      saleDate: today,
      source: 'eBay',
    })
    expect(
      recordSaleBody({ ...valid, sourceRef: ' #123 ', proofUrl: ' https://example.com/a ' }),
    ).toMatchObject({
      sourceRef: '#123',
      proofUrl: 'https://example.com/a',
    })
  })

  it('starts a new form in the display currency on the given day, with nothing chosen', () => {
    expect(emptyRecordSaleValues('EUR', '2026-03-10')).toEqual({
      price: '',
      currency: 'EUR',
      conditionId: '',
      saleDate: '2026-03-10',
      source: '',
      sourceRef: '',
      proofUrl: '',
    })
  })
})

describe('recordSaleFormSchema', () => {
  it('accepts a good sale', () => {
    expect(messages({})).toEqual({})
  })

  it("answers bad input with the contract's messages, per field", () => {
    expect(messages({ price: '0' })).toEqual({ price: 'Price must be more than 0' })
    expect(messages({ price: '-5' }).price).toMatch(/^Price must be an amount such as 49.99/)
    expect(messages({ price: '1000000000' }).price).toMatch(/at most 99999999.99/)
    expect(messages({ price: '' }).price).toMatch(/^Price must be an amount/)
    expect(messages({ conditionId: '' })).toEqual({ conditionId: 'Please select a condition' })
    // An empty form names every missing field at once, the condition among them.
    expect(Object.keys(messages({ price: '', conditionId: '', source: '' })).sort()).toEqual([
      'conditionId',
      'price',
      'source',
    ])
    expect(messages({ saleDate: '2999-01-01' })).toEqual({ saleDate: 'Sale date cannot be in the future' })
    expect(messages({ source: '' }).source).toMatch(/^Source must be one of eBay/)
    expect(messages({ proofUrl: 'not a link' })).toEqual({
      proofUrl: 'Proof must be a web address (http or https)',
    })
  })
})

describe('recordedSaleMessage', () => {
  it('says whether the sale counts now or waits for review', () => {
    expect(recordedSaleMessage({ status: 'verified' })).toBe(RECORD_SALE_TEXTS.verified)
    expect(recordedSaleMessage({ status: 'pending' })).toBe(RECORD_SALE_TEXTS.pendingReview)
    expect(RECORD_SALE_TEXTS.verified).toMatch(/^Verified/)
    expect(RECORD_SALE_TEXTS.pendingReview).toMatch(/^Pending review/)
  })
})
