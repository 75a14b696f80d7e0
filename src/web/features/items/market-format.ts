/**
 * Pure helpers of the Pricing and Sales History tabs: the texts they show and the chart's data.
 * Amounts stay GBP decimal strings until the currency provider formats them (DESIGN §3).
 */
import type { GradeSummary, Sale } from '#shared/contract/market.ts'
import type { PriceRange } from '#shared/contract/values.ts'
import { addDays, daysBetween } from '#shared/dates.ts'
import { type CurrencyCode, convertAmount, parseAmount, type RatesPerUsd } from '#shared/money.ts'

/** The server's default range. */
export const DEFAULT_RANGE: PriceRange = '90d'

/** Spec 02 §2's wording, as written: '1 sale(s) recorded', '12 sale(s) recorded'. */
export function salesRecordedText(count: number): string {
  return `${count} sale(s) recorded`
}

/**
 * 'Originally USD 100.00' for a sale recorded in another currency than pounds (spec 02 §2); null for
 * a sale recorded in pounds, whose amount is the stored one.
 */
export function originallyText(sale: Pick<Sale, 'currency' | 'originalPrice'>): string | null {
  if (!sale.currency || sale.currency.toUpperCase() === 'GBP') return null
  const shown = parseAmount(sale.originalPrice)?.toFixed(2) ?? sale.originalPrice
  return `Originally ${sale.currency.toUpperCase()} ${shown}`
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
