import Big from 'big.js'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { MAX_MONEY } from '#server/db/schema/columns.ts'
import { badRequest, HttpError } from '#server/errors.ts'
import type { FxRatesResponse } from '#shared/contract/fx.ts'
import { CURRENCY_CODES } from '#shared/contract/values.ts'
import { todayUtc } from '#shared/dates.ts'
import {
  type CurrencyCode,
  convertAmount,
  FALLBACK_RATES_PER_USD,
  gbpValuesFromRatesPerUsd,
  type RatesPerUsd,
  ratesPerUsdFromGbpValues,
} from '#shared/money.ts'
import { gbpValueOn, lastFetchedAt, latestGbpValues, storeGbpValues, tryRefreshLock } from './fx.repo.ts'

/** The newest stored rates, or the spec's built-in ones when none are stored. */
export async function currentRates({ db }: { db: Database }): Promise<FxRatesResponse> {
  const { values, fetchedAt } = await latestGbpValues(db)
  const rates = ratesPerUsdFromGbpValues(values)
  if (!rates) return { base: 'USD', rates: FALLBACK_RATES_PER_USD, updatedAt: null, source: 'fallback' }
  return { base: 'USD', rates, updatedAt: fetchedAt, source: 'live' }
}

/**
 * An amount typed in `currency`, in pounds at the rate of `day` — the newest stored rate on or before it,
 * else the built-in one (DESIGN §3). Rounded half up to pennies.
 */
export async function toGbpOnDay({
  db,
  amount,
  currency,
  day,
  remembered,
}: {
  db: Database
  amount: string
  currency: CurrencyCode
  day: string
  /** Rates already looked up, by currency and day: an import converts thousands of rows on a few days. */
  remembered?: Map<string, Promise<string>>
}): Promise<string> {
  const key = `${currency}|${day}`
  let value = remembered?.get(key)
  if (!value) {
    value =
      currency === 'GBP'
        ? Promise.resolve('1')
        : gbpValueOn(db, currency, day).then((stored) => stored ?? FALLBACK_GBP_VALUES[currency])
    remembered?.set(key, value)
  }
  return storablePounds(new Big(amount).times(await value).round(2, Big.roundHalfUp))
}

/** An amount as an import file gives it; no currency while it is not known yet (a preview that must ask). */
export interface ImportedMoney {
  amount: string
  currency: CurrencyCode | null
}

/**
 * A row of an import's amount per item (`money`, null when the file gives none) in pounds at `day`'s rate, as
 * `toGbpOnDay`; no pounds while its currency is not known yet (a preview that must ask). An amount no money
 * column holds refuses that row (`refused`), not the import.
 */
export async function importedPounds({
  db,
  money,
  day,
  remembered,
}: {
  db: Database
  money: ImportedMoney | null
  day: string
  remembered: Map<string, Promise<string>>
}): Promise<{ pounds: string | null } | { refused: string }> {
  if (!money?.currency) return { pounds: null }
  const { amount, currency } = money
  try {
    return { pounds: await toGbpOnDay({ db, amount, currency, day, remembered }) }
  } catch (error) {
    if (error instanceof HttpError) return { refused: error.message }
    throw error
  }
}

/**
 * Pounds within what a money column holds. The contract allows 99,999,999.99 in any currency, and a
 * currency worth more than a pound (at a live rate) would make more: refused as bad input rather than
 * failing the insert with a 500.
 */
function storablePounds(pounds: Big): string {
  if (pounds.gt(MAX_MONEY)) {
    throw badRequest(`The amount is more than ${MAX_MONEY} in pounds, the most that can be recorded.`)
  }
  return pounds.toFixed(2)
}

const FALLBACK_GBP_VALUES = gbpValuesFromRatesPerUsd(FALLBACK_RATES_PER_USD)

/** An amount typed in `currency`, in pounds at the current rates (DESIGN §3). */
export async function toGbp({
  db,
  amount,
  currency,
}: {
  db: Database
  amount: string
  currency: CurrencyCode
}): Promise<string> {
  const rates = currency === 'GBP' ? undefined : (await currentRates({ db })).rates
  return storablePounds(new Big(convertAmount(amount, currency, 'GBP', rates)))
}

const positiveRate = z.number().positive().finite()
/** A latest-rates answer, base USD: `{ rates: { EUR: 0.85, … } }` with all ten of our currencies. */
const ratesAnswerSchema = z.object({
  rates: z.object(
    Object.fromEntries(CURRENCY_CODES.map((code) => [code, positiveRate])) as Record<
      (typeof CURRENCY_CODES)[number],
      typeof positiveRate
    >,
  ),
})

export type RefreshOutcome =
  | { status: 'updated' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; reason: string }

/**
 * Fetches the latest rates (base USD) and stores them for today. Holding a PostgreSQL advisory lock,
 * and skipping when another instance refreshed within `minAgeMs`. A failure keeps what is stored
 * (or the built-in rates) and is reported, never thrown.
 */
export async function refreshRates({
  db,
  url,
  minAgeMs,
  timeoutMs = 5000,
  now = () => new Date(),
}: {
  db: Database
  url: string
  minAgeMs: number
  timeoutMs?: number
  now?: () => Date
}): Promise<RefreshOutcome> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await tryRefreshLock(tx))) {
        return { status: 'skipped', reason: 'another instance is refreshing' } as const
      }
      const last = await lastFetchedAt(tx)
      if (last && now().getTime() - last.getTime() < minAgeMs) {
        return { status: 'skipped', reason: 'rates are fresh' } as const
      }
      const rates = await fetchRates(url, timeoutMs)
      await storeGbpValues(tx, todayUtc(now()), gbpValuesFromRatesPerUsd(rates))
      return { status: 'updated' } as const
    })
  } catch (error) {
    return { status: 'failed', reason: error instanceof Error ? error.message : String(error) }
  }
}

async function fetchRates(url: string, timeoutMs: number): Promise<RatesPerUsd> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`the rates service answered ${response.status}`)
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new Error('the rates service did not answer JSON')
  }
  const parsed = ratesAnswerSchema.safeParse(body)
  if (!parsed.success) throw new Error('the rates service answered without rates for all ten currencies')
  const perUsd = parsed.data.rates
  const usd = perUsd.USD
  // Normalise to base USD even if the service's USD entry is not exactly 1.
  return Object.fromEntries(
    CURRENCY_CODES.map((code) => [code, new Big(perUsd[code]).div(usd).toString()]),
  ) as RatesPerUsd
}
