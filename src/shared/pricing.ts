import Big from 'big.js'
import type { Confidence, PriceBasis } from './contract/values.ts'
import { addDays, DAY_MS, daysBetween } from './dates.ts'

/**
 * Fair prices from verified sales (DESIGN §5), as pure functions shared by the server (which stores the
 * results as snapshots) and the tests. Prices are decimal strings in pounds; sums and averages are exact.
 */

export interface PricedSale {
  /** Price in pounds, e.g. '649.99'. */
  priceGbp: string
  /** 'YYYY-MM-DD'. */
  saleDate: string
  /** Record order: of two sales on the same day, the higher id is the later one. */
  id?: number
}

export interface PriceSummary {
  fairPrice: string | null
  confidence: Confidence
  basis: PriceBasis
  /** Sales behind the fair price (confidence counts only those of the last 90 days). */
  basisCount: number
  /** Percent change of the 30-day average against the 30 days before it; null without both. */
  trend: string | null
  volume30d: number
  lastSale: { priceGbp: string; saleDate: string } | null
  avg30d: string | null
  avg90d: string | null
  salesCount90d: number
  salesCount: number
  hasData: boolean
}

/** Recent sales count more: a sale 30 days old weighs 1/e of one made today. */
export const RECENCY_DAYS = 30
/** Fewer sales than this in a window and the next, longer window is used. */
export const MIN_SALES_FOR_WINDOW = 3
export const CONFIDENCE_THRESHOLDS = { HIGH: 10, MEDIUM: 5 } as const

/** Whole days from `saleDate` to `asOf` (both 'YYYY-MM-DD'). */
export function ageInDays(saleDate: string, asOf: string): number {
  return daysBetween(saleDate, asOf)
}

export function confidenceFor(salesCount: number): Confidence {
  if (salesCount >= CONFIDENCE_THRESHOLDS.HIGH) return 'HIGH'
  if (salesCount >= CONFIDENCE_THRESHOLDS.MEDIUM) return 'MEDIUM'
  return 'LOW'
}

/** '12.3' → 1230: prices have at most two decimals, so whole pence are exact and fast to add and compare. */
function toPence(price: string): number {
  return Math.round(Number(price) * 100)
}

function penceText(pence: number): string {
  const sign = pence < 0 ? '-' : ''
  const magnitude = Math.abs(pence)
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`
}

/**
 * The weighted median: sales ordered by price, the first price at which the running weight reaches
 * half of the total. Always one of the prices, so it is exact.
 */
export function weightedMedian(entries: Array<{ price: string; weight: number }>): string | null {
  const pence = weightedMedianPence(
    entries.map((entry) => ({ pence: toPence(entry.price), weight: entry.weight })),
  )
  return pence === null ? null : penceText(pence)
}

function weightedMedianPence(entries: Array<{ pence: number; weight: number }>): number | null {
  const sorted = entries.filter((entry) => entry.weight > 0).sort((a, b) => a.pence - b.pence)
  if (sorted.length === 0) return null
  const total = sorted.reduce((sum, entry) => sum + entry.weight, 0)
  let running = 0
  for (const entry of sorted) {
    running += entry.weight
    // A relative tolerance, so that float rounding cannot skip the exact midpoint.
    if (running >= total / 2 - total * 1e-12) return entry.pence
  }
  return (sorted.at(-1) as { pence: number }).pence
}

/** The mean in pence, rounded half up (exact: the sum of whole pence is an exact integer). */
function averagePence(values: number[]): number | null {
  if (values.length === 0) return null
  const sum = values.reduce((total, value) => total + value, 0)
  return Number(new Big(sum).div(values.length).round(0, Big.roundHalfUp).toString())
}

interface AgedSale {
  sale: PricedSale
  age: number
  pence: number
}

/**
 * The fair price and market summary of one item in one condition grade, as of a day.
 * Sales after `asOf` are ignored, so the same function gives a day's point of the price history.
 */
export function summarizeSales(
  allSales: PricedSale[],
  asOf: string,
  marketplacePrice?: string | null,
): PriceSummary {
  const asOfMs = Date.parse(`${asOf}T00:00:00Z`)
  const ageOf = new Map<string, number>()
  const aged: AgedSale[] = []
  for (const sale of allSales) {
    let age = ageOf.get(sale.saleDate)
    if (age === undefined) {
      age = Math.round((asOfMs - Date.parse(`${sale.saleDate}T00:00:00Z`)) / DAY_MS)
      ageOf.set(sale.saleDate, age)
    }
    if (age >= 0) aged.push({ sale, age, pence: toPence(sale.priceGbp) })
  }
  const within = (days: number) => aged.filter((entry) => entry.age < days)
  const last30 = within(30)
  const last90 = within(90)
  const previous30 = aged.filter((entry) => entry.age >= 30 && entry.age < 60)

  let basis: PriceBasis = 'none'
  let basisSales: AgedSale[] = []
  for (const [window, days] of [
    ['90d', 90],
    ['365d', 365],
    ['all', Number.POSITIVE_INFINITY],
  ] as const) {
    basisSales = within(days)
    basis = window
    if (basisSales.length >= MIN_SALES_FOR_WINDOW) break
  }
  // Weights relative to the newest sale of the window: the same median, and no underflow to 0 for
  // sales decades old.
  const youngest = basisSales.reduce((min, entry) => Math.min(min, entry.age), Number.POSITIVE_INFINITY)
  const medianPence = weightedMedianPence(
    basisSales.map((entry) => ({
      pence: entry.pence,
      weight: Math.exp(-(entry.age - youngest) / RECENCY_DAYS),
    })),
  )
  let fairPrice = medianPence === null ? null : penceText(medianPence)
  // Confidence counts recent sales only: a price resting on a few old sales is a LOW-confidence price,
  // and a new sale can never lower it.
  let confidence = confidenceFor(last90.length)
  if (aged.length === 0) {
    basis = 'none'
    basisSales = []
    if (marketplacePrice) {
      basis = 'marketplace'
      fairPrice = new Big(marketplacePrice).toFixed(2)
      confidence = 'MEDIUM'
    }
  }

  const newest = aged.reduce<AgedSale | null>(
    (latest, entry) => (latest && !isLater(entry.sale, latest.sale) ? latest : entry),
    null,
  )
  const avg30 = averagePence(last30.map((entry) => entry.pence))
  const before = averagePence(previous30.map((entry) => entry.pence))
  const trend =
    avg30 !== null && before !== null && before > 0
      ? new Big(avg30 - before).div(before).times(100).round(2, Big.roundHalfUp).toFixed(2)
      : null
  const avg90 = averagePence(last90.map((entry) => entry.pence))

  return {
    fairPrice,
    confidence,
    basis,
    basisCount: basisSales.length,
    trend,
    volume30d: last30.length,
    lastSale: newest ? { priceGbp: penceText(newest.pence), saleDate: newest.sale.saleDate } : null,
    avg30d: avg30 === null ? null : penceText(avg30),
    avg90d: avg90 === null ? null : penceText(avg90),
    salesCount90d: last90.length,
    salesCount: aged.length,
    hasData: fairPrice !== null,
  }
}

/** Later date first; on the same day the later record, else (no ids) the higher price, so order never matters. */
function isLater(a: PricedSale, b: PricedSale): boolean {
  if (a.saleDate !== b.saleDate) return a.saleDate > b.saleDate
  if (a.id !== undefined && b.id !== undefined && a.id !== b.id) return a.id > b.id
  return new Big(a.priceGbp).gt(b.priceGbp)
}

/** Index of the first sale on or after `day` in sales sorted by date. */
function firstOnOrAfter(sorted: PricedSale[], day: string): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((sorted[middle] as PricedSale).saleDate < day) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The same as `summarizeSales(sorted, asOf, …)` for sales sorted by date, but reading only the window the
 * fair price needs — the way to compute many days of a long price history quickly.
 */
export function summarizeAsOf(
  sorted: PricedSale[],
  asOf: string,
  marketplacePrice?: string | null,
): PriceSummary {
  const end = firstOnOrAfter(sorted, addDays(asOf, 1))
  let start = firstOnOrAfter(sorted, addDays(asOf, -89))
  if (end - start < MIN_SALES_FOR_WINDOW) start = firstOnOrAfter(sorted, addDays(asOf, -364))
  if (end - start < MIN_SALES_FOR_WINDOW) start = 0
  const summary = summarizeSales(sorted.slice(start, end), asOf, marketplacePrice)
  return { ...summary, salesCount: end }
}
