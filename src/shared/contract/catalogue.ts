import { z } from 'zod'
import { itemTypeSchema, moneyStringSchema, optionalParam, queryInteger } from './common.ts'

export const themeDataSchema = z.object({
  name: z.string(),
  /** The top-level theme's name, e.g. 'Star Wars' for 'Ultimate Collector Series'. */
  category: z.string(),
  era: z.string().nullable(),
  complexity: z.string().nullable(),
  colorScheme: z.string().nullable(),
})
export type ThemeData = z.infer<typeof themeDataSchema>

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
  /** Retail price in GBP. */
  originalMsrp: moneyStringSchema.nullable(),
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
  themeId: optionalParam(queryInteger({ name: 'themeId', min: 1 })),
  /** Minifigures: a theme name. */
  theme: optionalParam(z.string().trim().max(100, { message: 'theme must be at most 100 characters' })),
  year: optionalParam(queryInteger({ name: 'year', min: 1900, max: 2100 })),
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

export const conditionCategorySchema = z.enum(['set', 'minifig'], {
  message: "category must be 'set' or 'minifig'",
})
export const conditionsQuerySchema = z.object({ category: optionalParam(conditionCategorySchema) })
export const conditionSchema = z.object({
  id: z.number().int(),
  category: conditionCategorySchema,
  label: z.string(),
  description: z.string().nullable(),
  score: z.number().int(),
  grade: z.enum(['new', 'used']),
})
export type Condition = z.infer<typeof conditionSchema>
export const conditionsResponseSchema = z.array(conditionSchema)
