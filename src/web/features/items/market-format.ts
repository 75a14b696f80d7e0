/**
 * Pure helpers of the Pricing and Sales History tabs: the texts they show and the chart's data.
 * Amounts stay GBP decimal strings until the currency provider formats them (DESIGN §3).
 */
import type { GradeSummary, Sale } from '#shared/contract/market.ts'
import type { Grade, PriceRange } from '#shared/contract/values.ts'
import { addDays, daysBetween } from '#shared/dates.ts'
import { type CurrencyCode, convertAmount, currencyOf, type RatesPerUsd } from '#shared/money.ts'

export const GRADE_LABELS: Record<Grade, string> = { new: 'New', used: 'Used' }

/** The range buttons, in order (typed by the contract, so a new range cannot be forgotten here). */
export const RANGE_LABELS: Record<PriceRange, string> = { '30d': '30D', '90d': '90D', '1y': '1Y', all: 'ALL' }
export const RANGE_NAMES: Record<PriceRange, string> = {
  '30d': 'the last 30 days',
  '90d': 'the last 90 days',
  '1y': 'the last year',
  all: 'all time',
}
/** The server's default range. */
export const DEFAULT_RANGE: PriceRange = '90d'

/** Spec 02 §2's wording, as written: '1 sale(s) recorded', '12 sale(s) recorded'. */
export function salesRecordedText(count: number): string {
  return `${count} sale(s) recorded`
}

export type TrendDirection = 'up' | 'down' | 'flat'

/** '37.50' → '+37.50%' (up); '-5.00' → '-5.00%' (down); '0.00' → '0.00%' (flat); null → null. */
export function trendDisplay(trend: string | null): { text: string; direction: TrendDirection } | null {
  if (trend === null || trend.trim() === '') return null
  const value = Number(trend)
  if (!Number.isFinite(value)) return null
  const digits = Math.abs(value).toFixed(2)
  if (value > 0) return { text: `+${digits}%`, direction: 'up' }
  if (value < 0) return { text: `-${digits}%`, direction: 'down' }
  return { text: `${digits}%`, direction: 'flat' }
}

/**
 * 'Originally USD 100.00' for a sale recorded in another currency than pounds (spec 02 §2); null for
 * a sale recorded in pounds, whose amount is the stored one.
 */
export function originallyText(sale: Pick<Sale, 'currency' | 'originalPrice'>): string | null {
  if (!sale.currency || sale.currency.toUpperCase() === 'GBP') return null
  const amount = Number(sale.originalPrice)
  const shown = Number.isFinite(amount) ? amount.toFixed(2) : sale.originalPrice
  return `Originally ${sale.currency.toUpperCase()} ${shown}`
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

/** A sale's day as people read it, e.g. '3 Mar 2026' (days are dates without a time: 'YYYY-MM-DD'). */
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

/** Why the fair price stands on more than 90 days of sales, when it does. */
export function basisNote(basis: GradeSummary['basis']): string | null {
  if (basis === '365d') return 'Fewer than 3 sales in 90 days: based on the last 365 days.'
  if (basis === 'all') return 'Fewer than 3 sales in a year: based on all recorded sales.'
  return null
}

/** Daily charts of very old histories stay bounded: beyond this, points are drawn as given. */
const MAX_FILLED_DAYS = 20_000

/**
 * The chart's data from the price history. The server stores a point only on days the fair price was
 * recomputed; the price holds until the next one. So each day from the first point to `today` gets the
 * price last set on or before it: hovering any day shows that day's price, and a change is a step, not
 * a slope between two far-apart points. Prices stay GBP strings (for exact hover values); `values` are
 * the same prices in the display currency, for the axis.
 */
export function historyChartData(
  points: ReadonlyArray<{ date: string; fairPrice: string }>,
  today: string,
  currency: CurrencyCode,
  rates: RatesPerUsd,
): { dates: string[]; pricesGbp: string[]; values: number[] } {
  const sorted = [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  const dates: string[] = []
  const pricesGbp: string[] = []
  const first = sorted[0]
  const last = sorted.at(-1)
  if (first && last) {
    const end = last.date > today ? last.date : today
    const span = daysBetween(first.date, end)
    if (span > MAX_FILLED_DAYS) {
      for (const point of sorted) {
        if (dates.at(-1) === point.date) pricesGbp[pricesGbp.length - 1] = point.fairPrice
        else {
          dates.push(point.date)
          pricesGbp.push(point.fairPrice)
        }
      }
    } else {
      let index = 0
      let price = first.fairPrice
      for (let day = first.date; day <= end; day = addDays(day, 1)) {
        while (index < sorted.length && (sorted[index] as { date: string }).date <= day) {
          price = (sorted[index] as { fairPrice: string }).fairPrice
          index += 1
        }
        dates.push(day)
        pricesGbp.push(price)
      }
    }
  }
  const values = pricesGbp.map((price) => Number(convertAmount(price, 'GBP', currency, rates)))
  return { dates, pricesGbp, values }
}

/** The value axis's tick labels in the display currency: '$80', '$2.50', '$1.2k', '¥15k', '$1.5M'. */
export function formatAxisAmount(value: number, currency: CurrencyCode): string {
  const { symbol } = currencyOf(currency)
  const sign = value < 0 ? '-' : ''
  const magnitude = Math.abs(value)
  const trim = (text: string) => text.replace(/\.0$/, '')
  let text: string
  if (magnitude >= 1_000_000) text = `${trim((magnitude / 1_000_000).toFixed(1))}M`
  else if (magnitude >= 1_000) text = `${trim((magnitude / 1_000).toFixed(1))}k`
  else if (Number.isInteger(magnitude) || currency === 'JPY') text = magnitude.toFixed(0)
  else text = magnitude.toFixed(2)
  return `${sign}${symbol}${text}`
}
