import { CURRENCY_CODES } from '#shared/contract/values.ts'
import {
  type CurrencyCode,
  DEFAULT_CURRENCY,
  FALLBACK_RATES_PER_USD,
  isCurrencyCode,
  type RatesPerUsd,
} from '#shared/money.ts'

/**
 * The locally kept currency choice and exchange-rate table (spec 01 §4), as pure functions over a
 * Storage-like object so the rules are unit-tested without a browser.
 */

export const CURRENCY_STORAGE_KEY = 'brickfolio.currency'
export const RATES_STORAGE_KEY = 'brickfolio.fxRates'
/** Cached rates are fresh for 1 hour. */
export const RATES_FRESH_MS = 3_600_000
export const RATES_FAILED_MESSAGE = 'Failed to load exchange rates'

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

export interface CachedRates {
  rates: RatesPerUsd
  /** When the rates were stored (ms since the epoch). */
  timestamp: number
}

/** A complete rate table with a positive number for every supported currency, else undefined. */
export function sanitizeRates(value: unknown): RatesPerUsd | undefined {
  if (!value || typeof value !== 'object') return undefined
  const source = value as Record<string, unknown>
  const rates = {} as RatesPerUsd
  for (const code of CURRENCY_CODES) {
    const raw = source[code]
    const text = typeof raw === 'number' ? String(raw) : raw
    if (typeof text !== 'string' || !/^\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text.trim())) return undefined
    if (!(Number(text) > 0)) return undefined
    rates[code] = text.trim()
  }
  return rates
}

/** Storage that may be missing or throw (private windows, blocked cookies) reads as empty. */
function safeGet(storage: KeyValueStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

function safeSet(storage: KeyValueStorage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value)
  } catch {
    // Storage full or blocked: the choice still applies for this visit.
  }
}

export function readStoredCurrency(storage: KeyValueStorage | undefined): CurrencyCode {
  const stored = safeGet(storage, CURRENCY_STORAGE_KEY)
  return isCurrencyCode(stored) ? stored : DEFAULT_CURRENCY
}

export function storeCurrency(storage: KeyValueStorage | undefined, currency: CurrencyCode): void {
  safeSet(storage, CURRENCY_STORAGE_KEY, currency)
}

export function readCachedRates(storage: KeyValueStorage | undefined): CachedRates | undefined {
  const stored = safeGet(storage, RATES_STORAGE_KEY)
  if (!stored) return undefined
  try {
    const parsed = JSON.parse(stored) as { rates?: unknown; timestamp?: unknown }
    const rates = sanitizeRates(parsed.rates)
    const timestamp = parsed.timestamp
    if (!rates || typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return undefined
    return { rates, timestamp }
  } catch {
    return undefined
  }
}

export function storeRates(
  storage: KeyValueStorage | undefined,
  rates: RatesPerUsd,
  now: number,
): CachedRates {
  const cached = { rates, timestamp: now }
  safeSet(storage, RATES_STORAGE_KEY, JSON.stringify(cached))
  return cached
}

/** Fresh for 1 hour after storing; a timestamp from the future (clock changed) is not trusted. */
export function isFresh(cached: CachedRates | undefined, now: number): boolean {
  if (!cached) return false
  const age = now - cached.timestamp
  return age >= 0 && age < RATES_FRESH_MS
}

/** After a failed fetch: the cached rates if any, however old, else the built-in ones. */
export function ratesAfterFailure(cached: CachedRates | undefined): RatesPerUsd {
  return cached?.rates ?? FALLBACK_RATES_PER_USD
}
