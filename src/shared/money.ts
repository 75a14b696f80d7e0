import Big from 'big.js'
import { CURRENCY_CODES, type CurrencyCode, isOneOf } from './contract/values.ts'

/**
 * Currencies, conversion and formatting: the one place money is converted or shown (DESIGN §3).
 * Amounts are decimal strings and all arithmetic is exact (big.js), never floating point.
 */

export type { CurrencyCode } from './contract/values.ts'

const CURRENCY_DETAILS: Record<CurrencyCode, { name: string; symbol: string }> = {
  USD: { name: 'US Dollar', symbol: '$' },
  EUR: { name: 'Euro', symbol: '€' },
  GBP: { name: 'British Pound', symbol: '£' },
  CAD: { name: 'Canadian Dollar', symbol: 'C$' },
  AUD: { name: 'Australian Dollar', symbol: 'A$' },
  JPY: { name: 'Japanese Yen', symbol: '¥' },
  CHF: { name: 'Swiss Franc', symbol: 'CHF' },
  SEK: { name: 'Swedish Krona', symbol: 'kr' },
  NOK: { name: 'Norwegian Krone', symbol: 'kr' },
  DKK: { name: 'Danish Krone', symbol: 'kr' },
}

/** The display currencies in the menu's order (contract/values.ts), with their names and symbols. */
export const CURRENCIES = CURRENCY_CODES.map((code) => ({ code, ...CURRENCY_DETAILS[code] }))
export type Currency = (typeof CURRENCIES)[number]
export const DEFAULT_CURRENCY: CurrencyCode = 'USD'
/** Every market price is stored in pounds (DESIGN §3). */
export const STORAGE_CURRENCY: CurrencyCode = 'GBP'

/** An amount input's step: amounts have at most two decimals. */
export const PRICE_STEP = '0.01'

/** Units of each currency that one US dollar buys, as decimal strings. */
export type RatesPerUsd = Record<CurrencyCode, string>

/** The spec's built-in rates, used when no live rate is known. */
export const FALLBACK_RATES_PER_USD: RatesPerUsd = {
  USD: '1',
  EUR: '0.85',
  GBP: '0.73',
  CAD: '1.25',
  AUD: '1.35',
  JPY: '110',
  CHF: '0.92',
  SEK: '8.5',
  NOK: '8.8',
  DKK: '6.3',
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return isOneOf(CURRENCY_CODES, value)
}

export function currencyOf(code: CurrencyCode): Currency {
  return { code, ...CURRENCY_DETAILS[code] }
}

/** A decimal string (or number) as Big, or undefined when empty or not a number. */
export function parseAmount(value: string | number | null | undefined): Big | undefined {
  if (value === null || value === undefined) return undefined
  const text = String(value).trim()
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined
  return new Big(text)
}

/**
 * Converts an amount between currencies with rates per US dollar, exactly, rounded half-up to
 * 2 decimals. Returns a decimal string such as '12.34'.
 */
export function convertAmount(
  amount: string | number,
  from: CurrencyCode,
  to: CurrencyCode,
  rates: RatesPerUsd = FALLBACK_RATES_PER_USD,
): string {
  const value = parseAmount(amount)
  if (!value) throw new Error(`Not an amount: ${String(amount)}`)
  if (from === to) return value.round(2, Big.roundHalfUp).toFixed(2)
  return value.times(rates[to]).div(rates[from]).round(2, Big.roundHalfUp).toFixed(2)
}

/**
 * The spec's display rule (spec 01 §5): empty or non-numeric shows the symbol and 0.00; otherwise the
 * amount is converted from `from` (pounds by default) into `currency`; JPY is a whole number with
 * thousands separators, every other currency 2 decimals prefixed by its symbol.
 */
export function formatPrice(
  amount: string | number | null | undefined,
  currency: CurrencyCode,
  rates: RatesPerUsd = FALLBACK_RATES_PER_USD,
  from: CurrencyCode = STORAGE_CURRENCY,
): string {
  const { symbol } = currencyOf(currency)
  const value = parseAmount(amount)
  if (!value) return `${symbol}0.00`
  const converted = new Big(convertAmount(value.toString(), from, currency, rates))
  const sign = converted.lt(0) ? '-' : ''
  const magnitude = converted.abs()
  if (currency === 'JPY')
    return `${sign}${symbol}${groupThousands(magnitude.round(0, Big.roundHalfUp).toFixed(0))}`
  return `${sign}${symbol}${magnitude.toFixed(2)}`
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/**
 * Whether `amount` is at or below `limit`, compared exactly as decimals ('30' and '30.00' are equal);
 * false when either is missing or not an amount (no price, or no limit, is never "within" one).
 */
export function isAtOrBelow(
  amount: string | number | null | undefined,
  limit: string | number | null | undefined,
): boolean {
  const value = parseAmount(amount)
  const most = parseAmount(limit)
  return value !== undefined && most !== undefined && value.lte(most)
}

/** Whether two amounts are the same decimal ('350', '350.0' and '350.00' are); false when either is not one. */
export function isSameAmount(
  a: string | number | null | undefined,
  b: string | number | null | undefined,
): boolean {
  const left = parseAmount(a)
  const right = parseAmount(b)
  return left !== undefined && right !== undefined && left.eq(right)
}

/**
 * An amount moved by `percent` per cent of itself (-10 for a tenth less), exactly, rounded half-up to
 * 2 decimals: '27.40' by -10 is '24.66'.
 */
export function movedByPercent(amount: string | number, percent: number): string {
  const value = parseAmount(amount)
  if (!value || !Number.isFinite(percent))
    throw new Error(`Not an amount and a percentage: ${amount}, ${percent}`)
  return value
    .times(100 + percent)
    .div(100)
    .round(2, Big.roundHalfUp)
    .toFixed(2)
}

/** Sums decimal strings exactly. */
export function sumAmounts(amounts: Array<string | number>): string {
  return amounts.reduce<Big>((total, amount) => total.plus(parseAmount(amount) ?? 0), new Big(0)).toFixed(2)
}

/**
 * Rates per US dollar from values of one unit in pounds (as the fx_rates table stores them):
 * per-USD rate of c = (value of 1 USD in GBP) / (value of 1 c in GBP).
 */
export function ratesPerUsdFromGbpValues(
  valueInGbp: Partial<Record<CurrencyCode, string>>,
): RatesPerUsd | undefined {
  const usdInGbp = valueInGbp.USD
  if (!usdInGbp) return undefined
  const rates = {} as RatesPerUsd
  for (const code of CURRENCY_CODES) {
    const value = valueInGbp[code]
    if (!value) return undefined
    rates[code] = new Big(usdInGbp).div(value).round(6, Big.roundHalfUp).toString()
  }
  return rates
}

/** Value of one unit of each currency in pounds, from rates per US dollar. */
export function gbpValuesFromRatesPerUsd(rates: RatesPerUsd): Record<CurrencyCode, string> {
  const values = {} as Record<CurrencyCode, string>
  for (const code of CURRENCY_CODES) {
    values[code] = new Big(rates.GBP).div(rates[code]).round(6, Big.roundHalfUp).toString()
  }
  return values
}
