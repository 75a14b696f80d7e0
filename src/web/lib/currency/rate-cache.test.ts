import { describe, expect, it } from 'vitest'
import { FALLBACK_RATES_PER_USD, type RatesPerUsd } from '#shared/money.ts'
import {
  CURRENCY_STORAGE_KEY,
  isFresh,
  type KeyValueStorage,
  RATES_FRESH_MS,
  RATES_STORAGE_KEY,
  ratesAfterFailure,
  readCachedRates,
  readStoredCurrency,
  sanitizeRates,
  storeCurrency,
  storeRates,
} from './rate-cache.ts'

/** An in-memory stand-in for localStorage. */
function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value)
    },
  }
}

const throwingStorage: KeyValueStorage = {
  getItem: () => {
    throw new Error('SecurityError')
  },
  setItem: () => {
    throw new Error('QuotaExceededError')
  },
}

const LIVE: RatesPerUsd = { ...FALLBACK_RATES_PER_USD, EUR: '0.9213', GBP: '0.7841', JPY: '151.2' }

describe('the currency choice', () => {
  it('starts from the stored choice, else USD', () => {
    expect(readStoredCurrency(memoryStorage({ [CURRENCY_STORAGE_KEY]: 'EUR' }))).toBe('EUR')
    expect(readStoredCurrency(memoryStorage())).toBe('USD')
    expect(readStoredCurrency(undefined)).toBe('USD')
  })

  it('ignores a stored value that is not a supported currency', () => {
    expect(readStoredCurrency(memoryStorage({ [CURRENCY_STORAGE_KEY]: 'XYZ' }))).toBe('USD')
    expect(readStoredCurrency(memoryStorage({ [CURRENCY_STORAGE_KEY]: 'eur' }))).toBe('USD')
  })

  it('stores the choice, and survives storage that throws', () => {
    const storage = memoryStorage()
    storeCurrency(storage, 'JPY')
    expect(storage.data.get(CURRENCY_STORAGE_KEY)).toBe('JPY')
    expect(() => storeCurrency(throwingStorage, 'JPY')).not.toThrow()
    expect(readStoredCurrency(throwingStorage)).toBe('USD')
  })
})

describe('sanitizeRates', () => {
  it('accepts a complete table of positive numbers, as strings or numbers', () => {
    expect(sanitizeRates(LIVE)).toEqual(LIVE)
    expect(sanitizeRates({ ...LIVE, EUR: 0.92 })?.EUR).toBe('0.92')
  })

  it('rejects missing, empty, zero, negative and non-numeric rates', () => {
    const { EUR: _eur, ...withoutEur } = LIVE
    expect(sanitizeRates(withoutEur)).toBeUndefined()
    expect(sanitizeRates({ ...LIVE, EUR: '' })).toBeUndefined()
    expect(sanitizeRates({ ...LIVE, EUR: '0' })).toBeUndefined()
    expect(sanitizeRates({ ...LIVE, EUR: '-1' })).toBeUndefined()
    expect(sanitizeRates({ ...LIVE, EUR: 'abc' })).toBeUndefined()
    expect(sanitizeRates(null)).toBeUndefined()
    expect(sanitizeRates('rates')).toBeUndefined()
  })
})

describe('the rate cache', () => {
  const now = Date.UTC(2026, 0, 1, 12)

  it('round-trips rates with the time they were stored', () => {
    const storage = memoryStorage()
    expect(storeRates(storage, LIVE, now)).toEqual({ rates: LIVE, timestamp: now })
    expect(readCachedRates(storage)).toEqual({ rates: LIVE, timestamp: now })
  })

  it('reads nothing from empty, corrupt or incomplete entries', () => {
    expect(readCachedRates(memoryStorage())).toBeUndefined()
    expect(readCachedRates(memoryStorage({ [RATES_STORAGE_KEY]: '{not json' }))).toBeUndefined()
    expect(
      readCachedRates(memoryStorage({ [RATES_STORAGE_KEY]: JSON.stringify({ rates: LIVE }) })),
    ).toBeUndefined()
    expect(
      readCachedRates(
        memoryStorage({ [RATES_STORAGE_KEY]: JSON.stringify({ rates: { EUR: '1' }, timestamp: now }) }),
      ),
    ).toBeUndefined()
    expect(readCachedRates(throwingStorage)).toBeUndefined()
  })

  it('is fresh for exactly one hour (3,600,000 ms)', () => {
    expect(RATES_FRESH_MS).toBe(3_600_000)
    const cached = { rates: LIVE, timestamp: now }
    expect(isFresh(cached, now)).toBe(true)
    expect(isFresh(cached, now + RATES_FRESH_MS - 1)).toBe(true)
    expect(isFresh(cached, now + RATES_FRESH_MS)).toBe(false)
    expect(isFresh(cached, now + 2 * RATES_FRESH_MS)).toBe(false)
  })

  it('is stale when missing or stamped in the future', () => {
    expect(isFresh(undefined, now)).toBe(false)
    expect(isFresh({ rates: LIVE, timestamp: now + 60_000 }, now)).toBe(false)
  })

  it('after a failed fetch, falls back to cached rates however old, else the built-in ones', () => {
    expect(ratesAfterFailure({ rates: LIVE, timestamp: 0 })).toEqual(LIVE)
    expect(ratesAfterFailure(undefined)).toEqual(FALLBACK_RATES_PER_USD)
  })
})
