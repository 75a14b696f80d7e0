import { z } from 'zod'
import { CURRENCY_CODES, FX_SOURCES } from './values.ts'

/** GET /api/fx/rates: units of each currency per US dollar, as decimal strings. */
export const fxRatesResponseSchema = z.object({
  base: z.literal('USD'),
  /** Every currency of CURRENCY_CODES (an enum-keyed record is exhaustive), i.e. `RatesPerUsd`. */
  rates: z.record(z.enum(CURRENCY_CODES), z.string()),
  /** When the rates were fetched from the rates service; null for the built-in fallback rates. */
  updatedAt: z.string().nullable(),
  source: z.enum(FX_SOURCES),
})
export type FxRatesResponse = z.infer<typeof fxRatesResponseSchema>
