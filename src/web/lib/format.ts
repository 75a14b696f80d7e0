/**
 * How numbers, amounts and times are written on screen: one function per display rule (DESIGN §10).
 * Amounts arrive as decimal strings (pounds, unless said otherwise) and are converted and written only
 * through shared/money.ts; nothing here does float arithmetic on an amount. Chart axis values are the
 * chart's own numbers, already in the display currency.
 */
import Big from 'big.js'
import type { CurrencyCode } from '#shared/contract/values.ts'
import { convertAmount, currencyOf, formatPrice, parseAmount, type RatesPerUsd } from '#shared/money.ts'

/** The typographic minus, so a loss never reads as a hyphen. */
export const MINUS = '\u2212'
/** What an unknown value shows. */
export const NO_VALUE = '—'

export type Tone = 'gain' | 'loss' | 'flat' | 'none'

/** Whether an amount or percentage is a gain, a loss, neither, or unknown (null or not a number). */
export function toneOf(amount: string | null | undefined): Tone {
  const value = parseAmount(amount)
  if (!value) return 'none'
  if (value.gt(0)) return 'gain'
  if (value.lt(0)) return 'loss'
  return 'flat'
}

function withSign(value: Big, text: string): string {
  if (value.gt(0)) return `+${text}`
  if (value.lt(0)) return `${MINUS}${text}`
  return text
}

/**
 * A gain or loss with its sign, never colour alone: '+$20.00', '−$8.00', '$0.00'; '—' when unknown.
 * `format` is the currency provider's formatter (it writes negatives with a hyphen).
 */
export function signedAmount(amount: string | null | undefined, format: (amount: string) => string): string {
  const value = parseAmount(amount)
  if (!value) return NO_VALUE
  return withSign(value, format(value.abs().toString()))
}

/** '+66.67%', '−40.00%', '0.00%'; '—' when unknown. */
export function signedPercent(percent: string | null | undefined): string {
  const value = parseAmount(percent)
  if (!value) return NO_VALUE
  return withSign(value, `${value.abs().toFixed(2)}%`)
}

/** `part` as a percentage of `whole` with `decimals` decimals, rounded half up; null when whole is not above 0. */
export function percentOf(
  part: string | null | undefined,
  whole: string | null | undefined,
  decimals: number,
): string | null {
  const top = parseAmount(part)
  const bottom = parseAmount(whole)
  if (!top || !bottom || bottom.lte(0)) return null
  return top.div(bottom).times(100).round(decimals, Big.roundHalfUp).toFixed(decimals)
}

/**
 * A headline amount in whole units of the display currency (spec 01 §2: the Home page's total value):
 * converted from pounds, rounded half up, then written by the one formatting rule without decimals.
 */
export function formatWholeAmount(
  amountGbp: string | null | undefined,
  currency: CurrencyCode,
  rates: RatesPerUsd,
): string {
  const value = parseAmount(amountGbp) ?? new Big(0)
  const converted = new Big(convertAmount(value.toString(), 'GBP', currency, rates))
  const whole = converted.round(0, Big.roundHalfUp).toFixed(0)
  return formatPrice(whole, currency, rates, currency).replace(/\.00$/, '')
}

/** A chart's value-axis label in the display currency, short: '$80', '£2.50', '$1.3k', '¥15k', 'C$1.5M'. */
export function axisAmount(value: number, currency: CurrencyCode): string {
  const { symbol } = currencyOf(currency)
  const sign = value < 0 ? MINUS : ''
  const magnitude = Math.abs(value)
  const trim = (text: string) => text.replace(/\.0$/, '')
  let text: string
  if (magnitude >= 1_000_000) text = `${trim((magnitude / 1_000_000).toFixed(1))}M`
  else if (magnitude >= 1_000) text = `${trim((magnitude / 1_000).toFixed(1))}k`
  else if (Number.isInteger(magnitude) || currency === 'JPY') text = magnitude.toFixed(0)
  else text = magnitude.toFixed(2)
  return `${sign}${symbol}${text}`
}

const countFormat = new Intl.NumberFormat('en-US')

/** A count with thousands separators: '7,541'. */
export function formatCount(count: number): string {
  return countFormat.format(count)
}

/** '1 item', '3 items'. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/** A day as people read it, e.g. '3 Mar 2026' (days are UTC dates, 'YYYY-MM-DD'; a longer ISO time is cut to its day). */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return day
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** The day of a moment on the user's own clock, e.g. '3 Mar 2026' (for when something happened). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
}

/** The exact time for a tooltip, e.g. '3 Mar 2026, 14:05'. */
export function exactTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  })
}

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' })

/** '5 minutes ago', '1 hour ago', '3 days ago'; 'just now' under a minute (and for a clock ahead of ours). */
export function relativeTime(iso: string, now: number): string | null {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return null
  const seconds = Math.round((now - then) / 1000)
  if (seconds < MINUTE) return 'just now'
  if (seconds < HOUR) return relative.format(-Math.floor(seconds / MINUTE), 'minute')
  if (seconds < DAY) return relative.format(-Math.floor(seconds / HOUR), 'hour')
  const days = Math.floor(seconds / DAY)
  if (days < 30) return relative.format(-days, 'day')
  if (days < 365) return relative.format(-Math.floor(days / 30), 'month')
  return relative.format(-Math.floor(days / 365), 'year')
}
