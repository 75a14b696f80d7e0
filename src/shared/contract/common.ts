import { z } from 'zod'
import { DAY_PATTERN, EARLIEST_DAY, isFutureDay, isRealDay } from '../dates.ts'
import { GRADES, ITEM_TYPES, REASON_MAX_LENGTH } from './values.ts'

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

/**
 * Ids are PostgreSQL `integer` columns (int4): 1 … 2147483647. A larger id can name nothing, and sent to
 * the database it fails the query instead of finding nothing.
 */
export const MAX_ID = 2_147_483_647

/**
 * A number written as text the one plain way, the way JavaScript prints it ('42', '-3', '1.5'), becomes
 * that number; anything else is left as it is for the number schema to refuse: '0x10', '+1', ' 1', '01',
 * '1e3', '', and non-text such as `true` or `[45]`, all of which `z.coerce.number()` read as numbers
 * (so `DELETE /collections/0x10` removed entry 16). The input type says what is welcome: a JSON number or
 * its plain text (path and query values are always text).
 */
function plainNumber(value: number | string): unknown {
  if (typeof value !== 'string') return value
  const number = Number(value)
  return String(number) === value ? number : value
}

/** `schema`, also reading a number sent as plain text (`plainNumber`). */
export function numberOrPlainText<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess(plainNumber, schema)
}

/**
 * The one id schema: a whole number from 1 to MAX_ID, as a JSON number or plain text — path ids, body ids
 * (`itemId`, `conditionId`, `variantOf`) and query ids (`themeId`) alike. Each failure names `name`
 * unless the field has one `message` for all of them ('Please select a condition').
 */
export function idSchema({ name, message }: { name: string; message?: string }) {
  return numberOrPlainText(
    z
      .number({ message: message ?? `${name} must be a number` })
      .int({ message: message ?? `${name} must be a whole number` })
      .min(1, { message: message ?? `${name} must be at least 1` })
      .max(MAX_ID, { message: message ?? `${name} must be at most ${MAX_ID}` }),
  )
}

/** `{ id }` path parameters. */
export const idParamsSchema = z.object({ id: idSchema({ name: 'id' }) })

/** Query-string integer within bounds; a bad value fails with a message naming the parameter. */
export function queryInteger(options: { name: string; min: number; max: number }) {
  return numberOrPlainText(
    z
      .number({ message: `${options.name} must be a whole number` })
      .int({ message: `${options.name} must be a whole number` })
      .min(options.min, { message: `${options.name} must be at least ${options.min}` })
      .max(options.max, { message: `${options.name} must be at most ${options.max}` }),
  )
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

/** Why a moderator refused something (a sale, an item request): shown to the person who sent it. */
export const reasonSchema = z
  .string({ message: 'Please give a reason' })
  .trim()
  .min(1, { message: 'Please give a reason' })
  .max(REASON_MAX_LENGTH, { message: `Reason must be at most ${REASON_MAX_LENGTH} characters` })

/** `{ reason }`: POST /api/sales/{id}/reject and POST /api/item-requests/{id}/reject. */
export const rejectBodySchema = z.object({ reason: reasonSchema })
export type RejectBody = z.input<typeof rejectBodySchema>
