import { z } from 'zod'
import { DAY_PATTERN, EARLIEST_DAY, isFutureDay, isRealDay } from '../dates.ts'
import { GRADES, ITEM_TYPES } from './values.ts'

export const itemTypeSchema = z.enum(ITEM_TYPES, { message: "type must be 'set' or 'minifig'" })
export const gradeSchema = z.enum(GRADES)

/** A decimal amount as text with at most two decimals, e.g. '734.99' (money is never a float). */
export const moneyStringSchema = z.string().regex(/^-?\d{1,8}(\.\d{1,2})?$/, {
  message: 'Expected an amount with at most 2 decimals, e.g. 12.50',
})

/** The error body every endpoint answers with (DESIGN §8). */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ErrorResponse = z.infer<typeof errorResponseSchema>

/** Query-string integer within bounds; a bad value fails with a message naming the parameter. */
export function queryInteger(options: { name: string; min: number; max?: number }) {
  const schema = z.coerce
    .number({ message: `${options.name} must be a whole number` })
    .int({ message: `${options.name} must be a whole number` })
    .min(options.min, { message: `${options.name} must be at least ${options.min}` })
  return options.max === undefined
    ? schema
    : schema.max(options.max, { message: `${options.name} must be at most ${options.max}` })
}

/** An optional query parameter that is absent when empty: '?year=' means "All Years", not an error. */
export function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional())
}

/**
 * A purchase or sale date under the past-date rule (shared/dates.ts), each part with its own message:
 * 'Sale date must be a real date', 'Sale date cannot be in the future'…
 */
export function pastDaySchema(label: string, base: z.ZodString = z.string()) {
  return base
    .regex(DAY_PATTERN, { message: `${label} must be a date such as 2026-01-31` })
    .refine(isRealDay, { message: `${label} must be a real date` })
    .refine((day) => day >= EARLIEST_DAY, {
      message: `${label} must be in ${EARLIEST_DAY.slice(0, 4)} or later`,
    })
    .refine((day) => !isFutureDay(day), { message: `${label} cannot be in the future` })
}
