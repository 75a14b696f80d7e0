/**
 * The Record a sale form: what its fields hold, how they become the request body, and the texts.
 * Validation is the shared contract's schema run on the body, so the form and the server agree on
 * every rule and message.
 */
import { z } from 'zod'
import { type RecordSaleBody, recordSaleBodySchema, type Sale } from '#shared/contract/market.ts'
import type { CurrencyCode } from '#shared/money.ts'

export const RECORD_SALE_TEXTS = {
  title: 'Record a sale',
  submit: 'Record sale',
  pending: 'Recording...',
  successTitle: 'Sale recorded',
  verified: 'Verified - it counts toward the fair price now.',
  pendingReview: 'Pending review - a trusted member will verify it before it counts toward the fair price.',
  failureTitle: 'Error',
  failure: 'Failed to record the sale. Please try again.',
} as const

/** The success toast's text for the sale as the server recorded it. */
export function recordedSaleMessage(sale: Pick<Sale, 'status'>): string {
  return sale.status === 'verified' ? RECORD_SALE_TEXTS.verified : RECORD_SALE_TEXTS.pendingReview
}

/** The fields as the inputs hold them: text (the condition is a select's value, its id as text). */
export interface RecordSaleFormValues {
  price: string
  currency: CurrencyCode
  conditionId: string
  saleDate: string
  source: string
  sourceRef: string
  proofUrl: string
}

export function emptyRecordSaleValues(currency: CurrencyCode, saleDate: string): RecordSaleFormValues {
  return { price: '', currency, conditionId: '', saleDate, source: '', sourceRef: '', proofUrl: '' }
}

/**
 * The request body: trimmed text, the condition as a number (none chosen: left out, so the schema
 * asks for one), empty optional fields left out.
 */
export function recordSaleBody(values: RecordSaleFormValues): RecordSaleBody {
  const conditionId = values.conditionId.trim() === '' ? undefined : Number(values.conditionId)
  const sourceRef = values.sourceRef.trim()
  const proofUrl = values.proofUrl.trim()
  return {
    price: values.price.trim(),
    currency: values.currency,
    conditionId: conditionId as number,
    saleDate: values.saleDate.trim(),
    source: values.source as RecordSaleBody['source'],
    ...(sourceRef ? { sourceRef } : {}),
    ...(proofUrl ? { proofUrl } : {}),
  }
}

/** The form's schema: the values converted to the body, checked by the shared contract. */
export const recordSaleFormSchema = z
  .custom<RecordSaleFormValues>()
  .transform((values) => recordSaleBody(values))
  .pipe(recordSaleBodySchema)
