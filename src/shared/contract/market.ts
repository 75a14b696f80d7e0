import { z } from 'zod'
import { gradeSchema, idParamsSchema, idSchema, pastDaySchema, queryInteger } from './common.ts'
import {
  CONFIDENCES,
  CURRENCY_CODES,
  DEFAULT_PRICE_RANGE,
  GRADES,
  PRICE_BASES,
  PRICE_RANGES,
  SALE_SOURCES,
  SALE_STATUSES,
} from './values.ts'

/** POST /api/items/{id}/sales: a sale as the person saw it, in the currency it was paid in. */
export const recordSaleBodySchema = z
  .object({
    price: z
      .string({ message: 'Price is required' })
      .trim()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, {
        message: 'Price must be an amount such as 49.99 (at most 99999999.99)',
      })
      .refine((price) => Number(price) > 0, { message: 'Price must be more than 0' }),
    currency: z.enum(CURRENCY_CODES, { message: `Currency must be one of ${CURRENCY_CODES.join(', ')}` }),
    /** The condition by id (the dialog sends it) or by its label, as the collection payload does (DESIGN §3). */
    conditionId: idSchema({ name: 'conditionId', message: 'Please select a condition' }).optional(),
    condition: z
      .string({ message: 'Condition must be the label of a condition, such as New/Sealed' })
      .trim()
      .min(1, { message: 'Please select a condition' })
      .max(100, { message: 'Condition must be at most 100 characters' })
      .optional(),
    saleDate: pastDaySchema('Sale date', z.string({ message: 'Sale date is required' })),
    source: z.enum(SALE_SOURCES, { message: `Source must be one of ${SALE_SOURCES.join(', ')}` }),
    sourceRef: z
      .string()
      .trim()
      .max(200, { message: 'Reference must be at most 200 characters' })
      .transform((value) => (value === '' ? null : value))
      .nullish(),
    proofUrl: z
      .url({ protocol: /^https?$/, message: 'Proof must be a web address (http or https)' })
      .max(2000, { message: 'Proof must be at most 2000 characters' })
      .nullish()
      .or(z.literal('').transform(() => null)),
  })
  .refine((sale) => sale.conditionId !== undefined || sale.condition !== undefined, {
    message: 'Please select a condition',
    path: ['conditionId'],
    // Said beside the other fields' messages, not only once they are right.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
export type RecordSaleBody = z.input<typeof recordSaleBodySchema>
export type RecordSaleData = z.output<typeof recordSaleBodySchema>

export const saleSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  priceGbp: z.string(),
  /** The amount and currency as recorded. */
  originalPrice: z.string(),
  currency: z.string(),
  condition: z.object({ id: z.number().int(), label: z.string() }),
  grade: gradeSchema,
  saleDate: z.string(),
  source: z.string(),
  sourceRef: z.string().nullable(),
  proofUrl: z.string().nullable(),
  status: z.enum(SALE_STATUSES),
  submitterId: z.string().nullable(),
  /**
   * Why a moderator rejected the sale, while it stays rejected; null otherwise. A rejected sale is shown
   * only to its submitter and to moderators, like a pending one.
   */
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
})
export type Sale = z.infer<typeof saleSchema>

export const salesListQuerySchema = z.object({
  limit: queryInteger({ name: 'limit', min: 1, max: 200 }).default(50),
  offset: queryInteger({ name: 'offset', min: 0, max: 10_000_000 }).default(0),
})
export const salesListSchema = z.object({ sales: z.array(saleSchema), total: z.number().int() })
export type SalesList = z.infer<typeof salesListSchema>

export const saleIdParamsSchema = idParamsSchema

export const gradeSummarySchema = z.object({
  fairPrice: z.string().nullable(),
  confidence: z.enum(CONFIDENCES),
  basis: z.enum(PRICE_BASES),
  trend: z.string().nullable(),
  volume30d: z.number().int(),
  lastSale: z.string().nullable(),
  lastSaleDate: z.string().nullable(),
  avg30d: z.string().nullable(),
  avg90d: z.string().nullable(),
  salesCount: z.number().int(),
  salesCount90d: z.number().int(),
  hasData: z.boolean(),
  /** When the snapshot was computed; null when there is none. */
  updatedAt: z.string().nullable(),
})
export type GradeSummary = z.infer<typeof gradeSummarySchema>

/**
 * GET /api/items/{id}/price-summary: amounts in pounds. `updating`: a change of the item's sales is committed
 * and its prices are being recomputed (within a second, DESIGN §5); asking again soon shows them.
 */
export const priceSummarySchema = z.object({
  new: gradeSummarySchema,
  used: gradeSummarySchema,
  updating: z.boolean(),
})
export type PriceSummaryResponse = z.infer<typeof priceSummarySchema>

export const priceByConditionSchema = z.array(
  z.object({
    conditionId: z.number().int(),
    label: z.string(),
    grade: gradeSchema,
    count: z.number().int(),
    averageGbp: z.string(),
  }),
)
export type PriceByCondition = z.infer<typeof priceByConditionSchema>

export const priceHistoryQuerySchema = z.object({
  range: z
    .enum(PRICE_RANGES, { message: "range must be '30d', '90d', '1y' or 'all'" })
    .default(DEFAULT_PRICE_RANGE),
  grade: z.enum(GRADES, { message: "grade must be 'new' or 'used'" }).default('new'),
})
export const priceHistorySchema = z.object({
  range: z.enum(PRICE_RANGES),
  grade: gradeSchema,
  points: z.array(z.object({ date: z.string(), fairPrice: z.string() })),
  /**
   * When the grade's prices were last recomputed (its snapshot's `updatedAt`, written with the history in one
   * transaction); null when never. A history older than the summary's was read before a recompute committed.
   */
  updatedAt: z.string().nullable(),
})
export type PriceHistory = z.infer<typeof priceHistorySchema>
