import { z } from 'zod'
import { retailPriceSchema, themeDataSchema } from './catalogue.ts'
import {
  gradeSchema,
  idParamsSchema,
  idSchema,
  itemTypeSchema,
  numberOrPlainText,
  optionalParam,
  pastDaySchema,
  queryInteger,
} from './common.ts'
import {
  COLLECTION_FILTERS,
  COLLECTION_SORTS,
  CURRENCY_CODES,
  DEFAULT_PORTFOLIO_RANGE,
  PORTFOLIO_RANGES,
  RETAIL_REGIONS,
  SORT_DIRECTIONS,
} from './values.ts'

/** The entry fields, one by one (the forms check each as it is typed). */
export const purchaseDateSchema = pastDaySchema('Purchase date')

export const pricePaidSchema = z
  .string({ message: 'Price paid must be an amount such as 49.99' })
  .trim()
  .transform((value) => (value === '' ? '0' : value))
  .pipe(
    z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, {
      message: 'Price paid must be an amount such as 49.99, not negative (at most 99999999.99)',
    }),
  )

export const quantitySchema = numberOrPlainText(
  z
    .number({ message: 'Quantity must be a number' })
    .int({ message: 'Quantity must be a whole number' })
    .min(1, { message: 'Quantity must be at least 1' })
    .max(10_000, { message: 'Quantity must be at most 10000' }),
)

export const conditionLabelSchema = z
  .string({ message: 'Please select a condition' })
  .trim()
  .min(1, { message: 'Please select a condition' })
  .max(50, { message: 'Condition not found' })

const currencySchema = z.enum(CURRENCY_CODES, {
  message: `Currency must be one of ${CURRENCY_CODES.join(', ')}`,
})

/**
 * POST /api/collections, as the spec's dialogs send it: the condition by its label, the price paid per
 * item in `currency` (default: the user's display currency), "0" when left empty.
 */
export const addCollectionBodySchema = z.object({
  itemId: idSchema({ name: 'itemId', message: 'itemId must be an item id' }),
  condition: conditionLabelSchema,
  quantity: quantitySchema.default(1),
  pricePaid: pricePaidSchema.default('0'),
  currency: currencySchema.optional(),
  purchaseDate: purchaseDateSchema.nullish().or(z.literal('').transform(() => null)),
  documentedPurchase: z.boolean().optional(),
})
export type AddCollectionBody = z.input<typeof addCollectionBodySchema>
export type AddCollectionData = z.output<typeof addCollectionBodySchema>

/**
 * PATCH /api/collections/{id}: what is sent changes; `purchaseDate: null` clears it, and `pricePaid: null`
 * says the price paid is not known (an entry without a cost, left out of the P&L). An entry imported
 * without a price keeps it unknown until a price is sent.
 */
export const updateCollectionBodySchema = z
  .object({
    condition: conditionLabelSchema.optional(),
    quantity: quantitySchema.optional(),
    pricePaid: pricePaidSchema.nullable().optional(),
    currency: currencySchema.optional(),
    purchaseDate: purchaseDateSchema
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    documentedPurchase: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to update: send at least one of condition, quantity, pricePaid, purchaseDate',
  })
export type UpdateCollectionBody = z.input<typeof updateCollectionBodySchema>
export type UpdateCollectionData = z.output<typeof updateCollectionBodySchema>

export const collectionIdParamsSchema = idParamsSchema

export const collectionQuerySchema = z.object({
  limit: queryInteger({ name: 'limit', min: 1, max: 1000 }).default(50),
  offset: queryInteger({ name: 'offset', min: 0, max: 1_000_000 }).default(0),
  filter: optionalParam(
    z.enum(COLLECTION_FILTERS, { message: `filter must be one of ${COLLECTION_FILTERS.join(', ')}` }),
  ),
  query: optionalParam(z.string().trim().max(100, { message: 'query must be at most 100 characters' })),
  sort: optionalParam(
    z.enum(COLLECTION_SORTS, { message: `sort must be one of ${COLLECTION_SORTS.join(', ')}` }),
  ),
  direction: optionalParam(z.enum(SORT_DIRECTIONS, { message: "direction must be 'asc' or 'desc'" })),
})
export type CollectionQuery = z.infer<typeof collectionQuerySchema>

/**
 * The retail price an entry's estimated value stands on, per item, in its own currency: a region's price
 * (`region`), or the one entered with the item in pounds (`region` null).
 */
export const retailEstimateSchema = z.object({
  region: z.enum(RETAIL_REGIONS).nullable(),
  amount: z.string(),
  currency: z.enum(CURRENCY_CODES),
})
export type RetailEstimate = z.infer<typeof retailEstimateSchema>

/** Amounts are pounds, as decimal strings; per-item price paid, the rest for the whole entry. */
export const collectionEntrySchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  itemId: z.number().int(),
  item: z.object({
    id: z.number().int(),
    type: itemTypeSchema,
    number: z.string(),
    name: z.string(),
    slug: z.string(),
    theme: z.string(),
    themeData: themeDataSchema.nullable(),
    year: z.number().int().nullable(),
    imageUrl: z.string().nullable(),
    originalMsrp: z.string().nullable(),
    retailPrices: z.array(retailPriceSchema),
  }),
  condition: z.object({ id: z.number().int(), label: z.string(), grade: gradeSchema }),
  quantity: z.number().int(),
  /** Per item; null when not known (imported without a price): the entry then has no cost and no P&L. */
  pricePaid: z.string().nullable(),
  originalPrice: z.string().nullable(),
  currency: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  documentedPurchase: z.boolean(),
  createdAt: z.string(),
  priceSnapshot: z
    .object({ fairPriceGbp: z.string().nullable(), confidence: z.string(), updatedAt: z.string() })
    .nullable(),
  /** Price paid × quantity; null when the price paid is not known. */
  costBasis: z.string().nullable(),
  /**
   * Fair price × quantity; without a fair price, the retail estimate × quantity when the user values
   * unpriced items at retail (`valueEstimated`), else null.
   */
  value: z.string().nullable(),
  /** The value is an estimate at retail, not a market price. */
  valueEstimated: z.boolean(),
  /** The retail price behind the estimate; null unless `valueEstimated`. */
  retailEstimate: retailEstimateSchema.nullable(),
  /** Value − cost; null without both. */
  pnl: z.string().nullable(),
  pnlPercent: z.string().nullable(),
  /** Change of the value since yesterday's fair price; null without both. */
  change24h: z.string().nullable(),
  change24hPercent: z.string().nullable(),
})
export type CollectionEntry = z.infer<typeof collectionEntrySchema>

export const collectionSummarySchema = z.object({
  entries: z.number().int(),
  totalItems: z.number().int(),
  setCount: z.number().int(),
  minifigCount: z.number().int(),
  /**
   * What the valued entries are worth: at their market price, or at retail where the user values
   * unpriced items at retail (`estimatedValue` of it). An entry with no value adds nothing.
   */
  totalValue: z.string(),
  /** What every entry with a known price paid cost. */
  costBasis: z.string(),
  /** What the valued entries with a known cost cost: the profit and loss are measured against this. */
  pricedCost: z.string(),
  /** Value minus cost over the entries with both a value and a known cost. */
  unrealizedPnl: z.string(),
  /** unrealizedPnl against pricedCost; null when no valued entry has a cost. */
  unrealizedPnlPercent: z.string().nullable(),
  change24h: z.string(),
  /** Entries with no value (no market price, and no retail estimate): left out of value, profit and loss. */
  unpricedEntries: z.number().int(),
  /** What those entries cost. */
  unpricedCost: z.string(),
  /** Entries whose price paid is not known: their value counts, but they are left out of the P&L. */
  unknownCostEntries: z.number().int(),
  /** What those entries are worth (part of totalValue, not of the P&L). */
  unknownCostValue: z.string(),
  /** Entries valued at retail, as an estimate (only when the user values unpriced items at retail). */
  estimatedEntries: z.number().int(),
  /** Their value: part of totalValue, and of the P&L where their cost is known. */
  estimatedValue: z.string(),
  topThemes: z.array(z.object({ theme: z.string(), value: z.string(), items: z.number().int() })),
})
export type CollectionSummary = z.infer<typeof collectionSummarySchema>

export const collectionPageSchema = z.object({
  entries: z.array(collectionEntrySchema),
  total: z.number().int(),
  summary: collectionSummarySchema,
})
export type CollectionPage = z.infer<typeof collectionPageSchema>

export const portfolioQuerySchema = z.object({
  range: z
    .enum(PORTFOLIO_RANGES, { message: "range must be '90d', '1y' or 'all'" })
    .default(DEFAULT_PORTFOLIO_RANGE),
})

export const portfolioSchema = z.object({
  range: z.enum(PORTFOLIO_RANGES),
  timeline: z.array(z.object({ date: z.string(), value: z.string(), costBasis: z.string() })),
  byTheme: z.array(z.object({ theme: z.string(), value: z.string(), costBasis: z.string() })),
  byType: z.array(
    z.object({ type: itemTypeSchema, value: z.string(), costBasis: z.string(), items: z.number().int() }),
  ),
  totalRoiPercent: z.string().nullable(),
  best: z.array(collectionEntrySchema),
  worst: z.array(collectionEntrySchema),
})
export type Portfolio = z.infer<typeof portfolioSchema>
