import { z } from 'zod'

/** Rebrickable's CSV columns, validated row by row; a bad row is reported and skipped. */
const integer = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: `${name} must be a whole number` })
    .transform(Number)
const text = (name: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${name} is empty` })
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(z.url({ message: 'img_url is not a URL' }).nullable())

export const themeRowSchema = z.object({
  id: integer('id'),
  name: text('name'),
  parent_id: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(integer('parent_id').nullable()),
})

export const setRowSchema = z.object({
  set_num: text('set_num'),
  name: text('name'),
  year: integer('year').pipe(z.number().min(1900, { message: 'year is before 1900' }).max(2100)),
  theme_id: integer('theme_id'),
  num_parts: integer('num_parts'),
  img_url: optionalUrl,
})

export const minifigRowSchema = z.object({
  fig_num: text('fig_num'),
  name: text('name'),
  num_parts: integer('num_parts'),
  img_url: optionalUrl,
})

export const inventoryRowSchema = z.object({
  id: integer('id'),
  version: integer('version'),
  set_num: text('set_num'),
})

export const inventoryMinifigRowSchema = z.object({
  inventory_id: integer('inventory_id'),
  fig_num: text('fig_num'),
  quantity: integer('quantity').pipe(z.number().min(1, { message: 'quantity must be at least 1' })),
})

/** The first issue of a failed row as one readable sentence. */
export function describeRowError(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join('; ')
}
