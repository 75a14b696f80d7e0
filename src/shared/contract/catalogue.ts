import { z } from 'zod'
import { currentYearUtc } from '../dates.ts'
import {
  gradeSchema,
  idParamsSchema,
  idSchema,
  itemTypeSchema,
  moneyStringSchema,
  optionalParam,
  queryInteger,
} from './common.ts'
import { CURRENCY_CODES, ITEM_TYPES, RETAIL_REGIONS } from './values.ts'

export const themeDataSchema = z.object({
  name: z.string(),
  /** The top-level theme's name, e.g. 'Star Wars' for 'Ultimate Collector Series'. */
  category: z.string(),
  era: z.string().nullable(),
  complexity: z.string().nullable(),
  colorScheme: z.string().nullable(),
})
export type ThemeData = z.infer<typeof themeDataSchema>

/** A set's official retail price in one region, in that region's currency, and when it was on sale. */
export const retailPriceSchema = z.object({
  region: z.enum(RETAIL_REGIONS),
  amount: moneyStringSchema,
  currency: z.enum(CURRENCY_CODES),
  firstAvailable: z.string().nullable(),
  lastAvailable: z.string().nullable(),
})
export type RetailPrice = z.infer<typeof retailPriceSchema>

export const itemSchema = z.object({
  id: z.number().int(),
  type: itemTypeSchema,
  name: z.string(),
  number: z.string(),
  slug: z.string(),
  theme: z.string(),
  themeId: z.number().int().nullable(),
  year: z.number().int().nullable(),
  pieces: z.number().int().nullable(),
  minifigures: z.number().int().nullable(),
  /** Retail price in GBP, as entered with the item (the regional prices come first when there are any). */
  originalMsrp: moneyStringSchema.nullable(),
  /** Official retail prices by region (US, UK, CA, DE), where known. */
  retailPrices: z.array(retailPriceSchema),
  imageUrl: z.string().nullable(),
  variantOf: z.number().int().nullable(),
  createdAt: z.string(),
  themeData: themeDataSchema.nullable(),
})
export type Item = z.infer<typeof itemSchema>

export const listItemsQuerySchema = z.object({
  type: optionalParam(itemTypeSchema),
  limit: queryInteger({ name: 'limit', min: 1, max: 1000 }).default(50),
  offset: queryInteger({ name: 'offset', min: 0, max: 1_000_000 }).default(0),
  query: optionalParam(z.string().trim().max(100, { message: 'query must be at most 100 characters' })),
  /** Sets: a theme id; includes its sub-themes. */
  themeId: optionalParam(idSchema({ name: 'themeId' })),
  /** Minifigures: a theme name. */
  theme: optionalParam(z.string().trim().max(100, { message: 'theme must be at most 100 characters' })),
  year: optionalParam(queryInteger({ name: 'year', min: 1900, max: 2100 })),
  /** Minifigures: only those in the set with this number (e.g. '75192-1', or '75192'). */
  set: optionalParam(z.string().trim().max(40, { message: 'set must be at most 40 characters' })),
})
export type ListItemsQuery = z.infer<typeof listItemsQuerySchema>

export const listItemsResponseSchema = z.object({
  items: z.array(itemSchema),
  total: z.number().int(),
})
export type ListItemsResponse = z.infer<typeof listItemsResponseSchema>

export const linkedItemSchema = z.object({
  id: z.number().int(),
  type: itemTypeSchema,
  number: z.string(),
  name: z.string(),
  slug: z.string(),
  year: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
})
export type LinkedItem = z.infer<typeof linkedItemSchema>

export const itemDetailSchema = itemSchema.extend({
  metadata: z.record(z.string(), z.unknown()).nullable(),
  /** Who added the item (they may edit it); null for imported and seeded items. */
  createdBy: z.string().nullable(),
  /** Items whose variantOf is this item. */
  variants: z.array(linkedItemSchema),
  aliases: z.array(z.string()),
  /** For a set: how many minifigures it includes; for a minifigure: how many sets it appears in. */
  minifigureCount: z.number().int(),
  setLinks: z.object({
    /** A set's minifigures (from set_minifigures). */
    minifigures: z.array(linkedItemSchema),
    /** The sets a minifigure appears in. */
    sets: z.array(linkedItemSchema),
  }),
})
export type ItemDetail = z.infer<typeof itemDetailSchema>

export const slugParamsSchema = z.object({ slug: z.string().min(1).max(300) })

export const searchItemsQuerySchema = z.object({
  query: z
    .string({ message: 'query is required' })
    .trim()
    .min(1, { message: 'query must be at least 1 character' })
    .max(100, { message: 'query must be at most 100 characters' }),
  limit: queryInteger({ name: 'limit', min: 1, max: 50 }).default(10),
})
export type SearchItemsQuery = z.infer<typeof searchItemsQuerySchema>

export const searchResultSchema = z.object({
  id: z.number().int(),
  type: itemTypeSchema,
  name: z.string(),
  /** The item number (the spec's search answer calls it code). */
  code: z.string(),
  number: z.string(),
  slug: z.string(),
  theme: z.string(),
  year: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  originalMsrp: moneyStringSchema.nullable(),
  retailPrices: z.array(retailPriceSchema),
  createdAt: z.string(),
})
export type SearchResult = z.infer<typeof searchResultSchema>

export const searchItemsResponseSchema = z.object({ results: z.array(searchResultSchema) })

export const themeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  category: z.string(),
})
export type Theme = z.infer<typeof themeSchema>
export const themesResponseSchema = z.array(themeSchema)
/** The minifigures' theme filter: every theme name a minifigure has, alphabetically. */
export const minifigThemesResponseSchema = z.array(z.string())

export const conditionCategorySchema = z.enum(ITEM_TYPES, {
  message: "category must be 'set' or 'minifig'",
})
export const conditionsQuerySchema = z.object({ category: optionalParam(conditionCategorySchema) })
export const conditionSchema = z.object({
  id: z.number().int(),
  category: conditionCategorySchema,
  label: z.string(),
  description: z.string().nullable(),
  score: z.number().int(),
  grade: gradeSchema,
})
export type Condition = z.infer<typeof conditionSchema>
export const conditionsResponseSchema = z.array(conditionSchema)

const optionalCount = (label: string, min: number) =>
  z
    .number({ message: `${label} must be a number` })
    .int({ message: `${label} must be a whole number` })
    .min(min, { message: `${label} must be at least ${min}` })
    .max(100_000, { message: `${label} must be at most 100000` })
    .nullable()
    .optional()

/** An item's facts, one by one (the item forms check each as it is typed). */
export const itemFieldSchemas = {
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, { message: 'Name is required' })
    .max(200, { message: 'Name must be at most 200 characters' }),
  number: z
    .string({ message: 'Item number is required' })
    .trim()
    .min(1, { message: 'Item number is required' })
    .max(40, { message: 'Item number must be at most 40 characters' })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, {
      message: 'Item number may only contain letters, digits, spaces, dots, dashes and slashes',
    }),
  theme: z
    .string({ message: 'Theme is required' })
    .trim()
    .min(1, { message: 'Theme is required' })
    .max(100, { message: 'Theme must be at most 100 characters' }),
  year: z
    .number({ message: 'Year must be a number' })
    .int({ message: 'Year must be a whole number' })
    .min(1950, { message: 'Year must be 1950 or later' })
    .refine((year) => year <= currentYearUtc(), { message: 'Year cannot be in the future' })
    .nullable()
    .optional(),
  pieces: optionalCount('Pieces', 1),
  minifigures: optionalCount('Minifigures', 0),
  originalMsrp: z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, { message: 'Retail price must be an amount such as 19.99' })
    .nullable()
    .optional(),
  imageUrl: z
    .url({ protocol: /^https?$/, message: 'Image URL must be a web address (http or https)' })
    .max(2000, { message: 'Image URL must be at most 2000 characters' })
    .nullable()
    .optional(),
}

/**
 * POST /api/items and PUT /api/items/{id}. Optional fields left out keep their stored value on an
 * update; null clears them. The retail price is in `currency` (default: the user's display currency)
 * and is stored in pounds.
 */
export const itemWriteBodySchema = z.object({
  type: itemTypeSchema,
  ...itemFieldSchemas,
  currency: z
    .enum(CURRENCY_CODES, { message: `currency must be one of ${CURRENCY_CODES.join(', ')}` })
    .optional(),
  variantOf: idSchema({ name: 'variantOf', message: 'variantOf must be an item id' }).nullable().optional(),
})
export type ItemWriteBody = z.input<typeof itemWriteBodySchema>
export type ItemWriteData = z.output<typeof itemWriteBodySchema>

export const itemIdParamsSchema = idParamsSchema
