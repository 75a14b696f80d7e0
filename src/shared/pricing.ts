import Big from 'big.js'
import type { Confidence, PriceBasis } from './contract/values.ts'
import { DAY_MS, daysBetween } from './dates.ts'

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
  const ordered = entries
    .map((entry) => ({ pence: toPence(entry.price), weight: entry.weight }))
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => a.pence - b.pence)
  const total = ordered.reduce((sum, entry) => sum + entry.weight, 0)
  let running = 0
  for (const entry of ordered) {
    running += entry.weight
    if (reachesHalf(running, total)) return penceText(entry.pence)
  }
  const last = ordered.at(-1)
  return last === undefined ? null : penceText(last.pence)
}

/** A relative tolerance, so that float rounding cannot skip the exact midpoint. */
const reachesHalf = (running: number, total: number) => running >= total / 2 - total * 1e-12

/**
 * The mean in pence, rounded half up, in whole numbers (a decimal division cost a recompute pass more than the rest
 * of its averages). Exact: the sum of whole pence is an exact integer, below 2^53 its quotient's floor is the
 * true one, and the remainder says exactly where the mean lies between two pence.
 */
function averagePence(sum: number, count: number): number | null {
  if (count === 0) return null
  const quotient = Math.floor(sum / count)
  const remainder = sum - quotient * count
  return 2 * remainder >= count ? quotient + 1 : quotient
}

/**
 * Sales by column, sorted by day (then record order): what a fair price reads, without an object per sale, so
 * that a popular item's thousands of sales are summarized in a fraction of a millisecond.
 */
export interface SaleColumns {
  length: number
  /** Days since 1970-01-01, ascending. */
  day: Int32Array
  /** The price in whole pence. */
  pence: Float64Array
  /** Record order; NaN when not known. */
  id: Float64Array
}

export function emptySaleColumns(length: number): SaleColumns {
  return {
    length,
    day: new Int32Array(length),
    pence: new Float64Array(length),
    id: new Float64Array(length),
  }
}

/** 'YYYY-MM-DD' as days since 1970-01-01. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS)

const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** The sales as columns, sorted by day (in any order before). */
export function saleColumns(sales: readonly PricedSale[]): SaleColumns {
  const days = new Map<string, number>()
  const keyed = sales.map((sale) => {
    let day = days.get(sale.saleDate)
    if (day === undefined) {
      day = dayNumber(sale.saleDate)
      days.set(sale.saleDate, day)
    }
    return { day, sale }
  })
  keyed.sort((a, b) => a.day - b.day)
  const columns = emptySaleColumns(keyed.length)
  keyed.forEach(({ day, sale }, index) => {
    columns.day[index] = day
    columns.pence[index] = toPence(sale.priceGbp)
    columns.id[index] = sale.id ?? Number.NaN
  })
  return columns
}

/** The first index whose day is not before `day` (columns sorted by day). */
function firstFrom(columns: SaleColumns, day: number): number {
  let low = 0
  let high = columns.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((columns.day[middle] as number) < day) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * The fair price and market summary of one item in one condition grade, as of a day, from its sales in any
 * order. Sales after `asOf` are ignored, so the same function gives a day's point of the price history.
 */
export function summarizeSales(
  allSales: readonly PricedSale[],
  asOf: string,
  marketplacePrice?: string | null,
): PriceSummary {
  return summarizeColumns(saleColumns(allSales), asOf, marketplacePrice)
}

/**
 * `summarizeSales` of sales as columns: each window is a range of them, found by binary search, so a long
 * price history is computed day by day without reading more than each day's window.
 */
export function summarizeColumns(
  columns: SaleColumns,
  asOf: string,
  marketplacePrice?: string | null,
): PriceSummary {
  const today = dayNumber(asOf)
  const end = firstFrom(columns, today + 1)
  // Sales younger than `days`: from the first of the day `days - 1` days before.
  const since = (days: number) => firstFrom(columns, today - days + 1)
  const start90 = since(90)
  let basis: PriceBasis = '90d'
  let start = start90
  if (end - start < MIN_SALES_FOR_WINDOW) {
    basis = '365d'
    start = since(365)
    if (end - start < MIN_SALES_FOR_WINDOW) {
      basis = 'all'
      start = 0
    }
  }
  const medianPence = weightedMedianOf(columns, start, end)
  let fairPrice = medianPence === null ? null : penceText(medianPence)
  // Confidence counts recent sales only: a price resting on a few old sales is a LOW-confidence price,
  // and a new sale can never lower it.
  let confidence = confidenceFor(end - start90)
  let basisCount = end - start
  if (end === 0) {
    basis = 'none'
    basisCount = 0
    if (marketplacePrice) {
      basis = 'marketplace'
      fairPrice = new Big(marketplacePrice).toFixed(2)
      confidence = 'MEDIUM'
    }
  }

  const sumOf = (from: number, to: number) => {
    let sum = 0
    for (let index = from; index < to; index++) sum += columns.pence[index] as number
    return sum
  }
  const start30 = since(30)
  const start60 = since(60)
  const avg30 = averagePence(sumOf(start30, end), end - start30)
  const before = averagePence(sumOf(start60, start30), start30 - start60)
  const trend =
    avg30 !== null && before !== null && before > 0
      ? new Big(avg30 - before).div(before).times(100).round(2, Big.roundHalfUp).toFixed(2)
      : null
  const avg90 = averagePence(sumOf(start90, end), end - start90)
  const newest = newestOf(columns, end)

  return {
    fairPrice,
    confidence,
    basis,
    basisCount,
    trend,
    volume30d: end - start30,
    lastSale:
      newest === undefined
        ? null
        : {
            priceGbp: penceText(columns.pence[newest] as number),
            saleDate: dayText(columns.day[newest] as number),
          },
    avg30d: avg30 === null ? null : penceText(avg30),
    avg90d: avg90 === null ? null : penceText(avg90),
    salesCount90d: end - start90,
    salesCount: end,
    hasData: fairPrice !== null,
  }
}

/** Sales left to order once the median is narrowed to this few: they are sorted and walked. */
const FEW_TO_SORT = 48
/** Price ranges a window's sales are counted into, at each step of narrowing the median down. */
const PRICE_BUCKETS = 1024
/**
 * weightedMedianOf's working space, kept and grown as needed. A recompute pass prices hundreds of pairs a few
 * times a second, and buffers made afresh for each would lie outside the JavaScript heap, where V8 counts every
 * megabyte towards starting a full collection (see market.kept-sales.ts).
 */
let scratchIndexes = /* @__PURE__ */ new Int32Array(1024)
// Pure: the web's bundle imports this module's constants only, and leaves the buffers out.
const scratchSums = /* @__PURE__ */ new Float64Array(PRICE_BUCKETS)

/**
 * The weighted median of the sales `from`–`to` (one window), each weighing exp(-age / RECENCY_DAYS) relative
 * to the window's newest sale (the same median, and no underflow to 0 for sales decades old).
 *
 * Run for every pair a recompute pass touches, over thousands of sales for a popular item, so it is linear rather
 * than a sort of them all: the sales' weights are summed into price ranges, the range where the running weight
 * reaches half holds the median, and only that range's sales go on, counted into narrower ranges, until a few
 * are left to sort and walk. The running weight is the one a walk in price order would have reached.
 */
function weightedMedianOf(columns: SaleColumns, from: number, to: number): number | null {
  if (to <= from) return null
  const { day, pence } = columns
  const newest = day[to - 1] as number
  // Sales are in day order, so a day's sales are a run: its weight is worked out once for the run.
  const weightOfDay = (saleDay: number) => Math.exp(-(newest - saleDay) / RECENCY_DAYS)
  // The sales still in the running (those that weigh something, in day order), their price range, and the weight
  // of all priced below them.
  if (scratchIndexes.length < to - from)
    scratchIndexes = new Int32Array(Math.max(to - from, 2 * scratchIndexes.length))
  const candidates = scratchIndexes
  let count = 0
  let lowest = Number.POSITIVE_INFINITY
  let highest = Number.NEGATIVE_INFINITY
  for (let index = from; index < to; ) {
    const runDay = day[index] as number
    const weighs = weightOfDay(runDay) > 0
    do {
      if (weighs) {
        const price = pence[index] as number
        candidates[count++] = index
        if (price < lowest) lowest = price
        if (price > highest) highest = price
      }
      index++
    } while (index < to && day[index] === runDay)
  }
  let below = 0
  let total = Number.NaN
  while (count > FEW_TO_SORT && lowest !== highest) {
    const buckets = Math.min(PRICE_BUCKETS, count)
    const width = (highest - lowest) / buckets
    const floor = lowest
    const bucketOf = (price: number) => Math.min(buckets - 1, Math.floor((price - floor) / width))
    const sums = scratchSums.fill(0, 0, buckets)
    for (let rank = 0; rank < count; ) {
      const runDay = day[candidates[rank] as number] as number
      const weight = weightOfDay(runDay)
      do {
        const bucket = bucketOf(pence[candidates[rank] as number] as number)
        sums[bucket] = (sums[bucket] as number) + weight
        rank++
      } while (rank < count && day[candidates[rank] as number] === runDay)
    }
    if (Number.isNaN(total)) {
      total = 0
      for (let bucket = 0; bucket < buckets; bucket++) total += sums[bucket] as number
    }
    // The first range where the running weight reaches half (the last that weighs anything, should rounding leave
    // the running weight a hair short of it).
    let chosen = -1
    let running = below
    for (let bucket = 0; bucket < buckets; bucket++) {
      const sum = sums[bucket] as number
      if (sum === 0) continue
      chosen = bucket
      below = running
      running += sum
      if (reachesHalf(running, total)) break
    }
    let left = 0
    lowest = Number.POSITIVE_INFINITY
    highest = Number.NEGATIVE_INFINITY
    for (let rank = 0; rank < count; rank++) {
      const index = candidates[rank] as number
      const price = pence[index] as number
      if (bucketOf(price) !== chosen) continue
      candidates[left++] = index
      if (price < lowest) lowest = price
      if (price > highest) highest = price
    }
    count = left
  }
  if (count > 0 && lowest === highest) return lowest
  const rest = Array.from(candidates.subarray(0, count)).sort(
    (a, b) => (pence[a] as number) - (pence[b] as number),
  )
  if (Number.isNaN(total)) {
    total = 0
    for (const index of rest) total += weightOfDay(day[index] as number)
  }
  let running = below
  for (const index of rest) {
    running += weightOfDay(day[index] as number)
    if (reachesHalf(running, total)) return pence[index] as number
  }
  return rest.length > 0 ? (pence[rest[rest.length - 1] as number] as number) : null
}

/** The newest of the sales before `end`: the last day's, and on it the later record (else the higher price). */
function newestOf(columns: SaleColumns, end: number): number | undefined {
  if (end === 0) return undefined
  const lastDay = columns.day[end - 1] as number
  let newest = end - 1
  for (let index = end - 2; index >= 0 && columns.day[index] === lastDay; index--) {
    const id = columns.id[index] as number
    const best = columns.id[newest] as number
    const later =
      !Number.isNaN(id) && !Number.isNaN(best) && id !== best
        ? id > best
        : (columns.pence[index] as number) > (columns.pence[newest] as number)
    if (later) newest = index
  }
  return newest
}
