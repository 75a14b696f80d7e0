import Big from 'big.js'
import { CURRENCY_CODES } from '#shared/contract/values.ts'
import { type CurrencyCode, isCurrencyCode } from '#shared/money.ts'
import type { MoneyCell } from '../import-rows.ts'
import { RowError } from './row-error.ts'

/**
 * Money as collectors' tools write it: the symbol or ISO code before or after (`€69.99`, `69,99 €`,
 * `US $12.00`, `EUR 12`, `£40`), thousands separators and decimal commas decided per cell, BrickLink's four
 * decimals rounded half-up to two. Exact decimal strings throughout (big.js), never floats.
 */

/** The largest amount a price column holds (numeric(10,2)). */
const MAX_AMOUNT = new Big('99999999.99')

/** Symbols and codes, lower-cased without spaces, of the currencies Brickfolio keeps. */
const SUPPORTED: Record<string, CurrencyCode> = {
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  c$: 'CAD',
  ca$: 'CAD',
  can$: 'CAD',
  a$: 'AUD',
  au$: 'AUD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '￥': 'JPY',
  円: 'JPY',
  chf: 'CHF',
  'fr.': 'CHF',
  'sfr.': 'CHF',
}

/** "kr" is the Swedish, Norwegian and Danish crown alike: the import's currency choice says which. */
const AMBIGUOUS = new Set(['kr', 'kr.', ':-'])

/** Symbols of currencies Brickfolio does not keep, so the refusal can name the currency. */
const UNSUPPORTED: Record<string, string> = {
  zł: 'PLN',
  nz$: 'NZD',
  hk$: 'HKD',
  s$: 'SGD',
  r$: 'BRL',
  mx$: 'MXN',
  '₹': 'INR',
  '₽': 'RUB',
  '₩': 'KRW',
  kč: 'CZK',
  ft: 'HUF',
  lei: 'RON',
  '₺': 'TRY',
  '₪': 'ILS',
  '₴': 'UAH',
}

const describe = (column: string, raw: string) => `${column} "${raw}"`

/** The currency a symbol or code names; null for none or "kr"; throws for one we do not keep. */
function currencyOfToken(token: string, column: string, raw: string): CurrencyCode | null | undefined {
  const key = token.toLowerCase().replace(/\s+/g, '')
  if (key === '') return undefined
  if (SUPPORTED[key]) return SUPPORTED[key]
  const upper = key.toUpperCase()
  if (isCurrencyCode(upper)) return upper
  if (AMBIGUOUS.has(key)) return null
  const unsupported = UNSUPPORTED[key] ?? (/^[a-z]{3}$/.test(key) ? upper : undefined)
  if (unsupported)
    throw new RowError(
      `${describe(column, raw)} is in ${unsupported}, a currency Brickfolio does not keep (it keeps ${CURRENCY_CODES.join(', ')})`,
    )
  throw new RowError(`${describe(column, raw)} is not an amount`)
}

const GROUPING_CHARS = /[\s'’\u00a0\u202f]/g

/**
 * The digits of an amount with its decimal mark as '.': both '.' and ',' present → the last is the decimal
 * mark; only ',' once → thousands before exactly three digits (`1,752`), else a decimal comma (`69,99`);
 * only '.' once → the decimal point (BrickLink's `12.500`), unless `integer` asks for a count (`1.000`);
 * a mark written more than once separates thousands. Spaces and apostrophes group thousands (`1 234,56`).
 */
export function normaliseDecimal(body: string, integer: boolean): string | undefined {
  const lastDot = body.lastIndexOf('.')
  const lastComma = body.lastIndexOf(',')
  let decimalMark: '.' | ',' | undefined
  if (lastDot !== -1 && lastComma !== -1) decimalMark = lastDot > lastComma ? '.' : ','
  else if (lastDot !== -1 || lastComma !== -1) {
    const mark = lastDot !== -1 ? '.' : ','
    const count = body.split(mark).length - 1
    const digitsAfter = body.length - body.lastIndexOf(mark) - 1
    const leadingZero = /^0[.,]/.test(body)
    const thousands = count > 1 || (digitsAfter === 3 && (mark === ',' || integer) && !leadingZero)
    decimalMark = thousands ? undefined : mark
  }
  const markAt = decimalMark ? body.lastIndexOf(decimalMark) : -1
  const whole = markAt === -1 ? body : body.slice(0, markAt)
  const fraction = markAt === -1 ? '' : body.slice(markAt + 1)
  const groups = whole.replace(GROUPING_CHARS, ' ').split(/[ .,]/)
  const [head, ...rest] = groups
  if (!head || !/^\d+$/.test(head) || (rest.length > 0 && head.length > 3)) return undefined
  if (rest.some((group) => !/^\d{3}$/.test(group))) return undefined
  if (fraction !== '' && !/^\d+$/.test(fraction)) return undefined
  if (markAt !== -1 && fraction === '') return undefined
  return fraction === '' ? groups.join('') : `${groups.join('')}.${fraction}`
}

export interface MoneyReadOptions {
  /** The column's name as the file writes it, for messages. */
  column: string
  /** The currency the file names for all its amounts (BrickLink's BASECURRENCYCODE); a cell's own symbol wins. */
  fileCurrency?: CurrencyCode | null
  /** Allow a negative amount (BrickLink's MAXPRICE -1 = no limit); otherwise it is refused. */
  allowNegative?: boolean
}

/** A money cell: null when empty (unknown, never 0); throws a RowError for anything that is not an amount. */
export function readMoney(raw: string | null | undefined, options: MoneyReadOptions): MoneyCell | null {
  const text = (raw ?? '').trim()
  if (text === '' || /^(n\/?a|null|none|-)$/i.test(text)) return null
  const firstDigit = text.search(/\d/)
  if (firstDigit === -1) throw new RowError(`${describe(options.column, text)} is not an amount`)
  let lastDigit = text.length - 1
  while (!/\d/.test(text[lastDigit] as string)) lastDigit--
  let prefix = text.slice(0, firstDigit).trim()
  const suffix = text.slice(lastDigit + 1).trim()
  let body = text.slice(firstDigit, lastDigit + 1)
  if (/[.,]$/.test(prefix)) {
    body = `0${prefix.slice(-1)}${body}`
    prefix = prefix.slice(0, -1).trim()
  }
  let negative = false
  const sign = /(^-|-$)/.exec(prefix)
  if (sign) {
    negative = true
    prefix = prefix.replace(/^-|-$/, '').trim()
  }
  const before = currencyOfToken(prefix, options.column, text)
  const after = currencyOfToken(suffix, options.column, text)
  if (before !== undefined && after !== undefined && before !== after)
    throw new RowError(`${describe(options.column, text)} names two currencies`)
  const cellCurrency = before !== undefined ? before : after
  const digits = normaliseDecimal(body, false)
  if (digits === undefined || (digits.split('.')[1]?.length ?? 0) > 4)
    throw new RowError(`${describe(options.column, text)} is not an amount`)
  let amount = new Big(digits).round(2, Big.roundHalfUp)
  if (negative) {
    if (!options.allowNegative) throw new RowError(`${describe(options.column, text)} is negative`)
    amount = amount.neg()
  }
  if (amount.abs().gt(MAX_AMOUNT))
    throw new RowError(`${describe(options.column, text)} is too large (at most 99999999.99)`)
  const currency = cellCurrency === undefined ? (options.fileCurrency ?? null) : cellCurrency
  return { amount: amount.toFixed(2), currency }
}
