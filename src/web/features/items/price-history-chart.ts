/** The Price History chart's data (spec 02 §2): a step per day, prices in pounds and in the display currency. */
import { addDays, daysBetween } from '#shared/dates.ts'
import { type CurrencyCode, convertAmount, type RatesPerUsd } from '#shared/money.ts'

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

/**
 * A history read before the recompute the summary shows (`updatedAt` of each, ISO times of the server's clock,
 * null for a grade never recomputed; undefined while not loaded): it is asked again.
 */
export function historyBehind(
  historyAt: string | null | undefined,
  summaryAt: string | null | undefined,
): boolean {
  if (historyAt === undefined || summaryAt === undefined || summaryAt === null) return false
  return historyAt === null || historyAt < summaryAt
}
