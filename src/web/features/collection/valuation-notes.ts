import type { CollectionEntry, CollectionSummary } from '#shared/contract/collections.ts'
import { type CurrencyCode, formatPrice, type RatesPerUsd } from '#shared/money.ts'
import { plural } from '#web/lib/format.ts'

type Format = (amountGbp: string | null | undefined) => string

/**
 * What the valuation leaves out or estimates, said where the totals are (issue 12). Entries without a
 * value add nothing to it and no loss to the P&L, and what they cost is said apart; entries without a
 * known price paid count in the value but not in cost or P&L; values estimated at retail are said to be.
 * Each note is null when it has nothing to say.
 */
export function unpricedNote(
  summary: CollectionSummary | undefined,
  format: Format,
  { retailEstimate = false }: { retailEstimate?: boolean } = {},
): string | null {
  if (!summary || summary.unpricedEntries === 0) return null
  const missing = retailEstimate ? 'without a market or retail price' : 'without a market price yet'
  return `${plural(summary.unpricedEntries, 'entry', 'entries')} (cost ${format(summary.unpricedCost)}) ${missing}`
}

/** "2 entries without a price paid are left out of P&L". */
export function unknownCostNote(summary: CollectionSummary | undefined): string | null {
  if (!summary || summary.unknownCostEntries === 0) return null
  const count = summary.unknownCostEntries
  return `${plural(count, 'entry', 'entries')} without a price paid ${count === 1 ? 'is' : 'are'} left out of P&L`
}

/** "includes $1234.00 estimated at retail (3 entries)". */
export function estimateNote(
  summary: Pick<CollectionSummary, 'estimatedEntries' | 'estimatedValue'> | undefined,
  format: Format,
): string | null {
  if (!summary || summary.estimatedEntries === 0) return null
  return `includes ${format(summary.estimatedValue)} estimated at retail (${plural(summary.estimatedEntries, 'entry', 'entries')})`
}

/** The P&L percentage's caption: over which entries when not all count; why there is none otherwise. */
export function pnlCaption(summary: CollectionSummary | undefined): string | null {
  if (!summary) return null
  if (summary.unrealizedPnlPercent === null) {
    if (summary.unpricedEntries === summary.entries) return 'No market prices yet'
    return summary.unknownCostEntries > 0 ? 'No price paid recorded' : 'No cost recorded'
  }
  const partial = summary.unpricedEntries > 0 || summary.unknownCostEntries > 0
  return (
    [partial ? 'on priced entries' : null, summary.estimatedEntries > 0 ? 'incl. estimates' : null]
      .filter(Boolean)
      .join(', ') || null
  )
}

/** Analytics' sentences under its figures: what the value, P&L and ROI leave out or estimate. */
export function analyticsNote(
  summary: CollectionSummary | undefined,
  format: Format,
  options: { retailEstimate?: boolean } = {},
): string | null {
  const unpriced = unpricedNote(summary, format, options)
  const estimate = estimateNote(summary, format)
  const unknownCost = unknownCostNote(summary)
  const sentences = [
    unpriced ? `Value, P&L and ROI leave out ${unpriced}.` : null,
    estimate ? `The value ${estimate}, counted in P&L and ROI where the price paid is known.` : null,
    unknownCost ? `${capitalized(unknownCost)} and ROI.` : null,
  ].filter(Boolean)
  return sentences.length > 0 ? sentences.join(' ') : null
}

/** Sentence case for a note that starts a line. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * What an estimated value stands on, for its "est." marker: the retail price in the display currency (as
 * the item page shows it) with its region, at today's rate.
 */
export function estimateExplanation(
  entry: Pick<CollectionEntry, 'valueEstimated' | 'retailEstimate'>,
  money: { currency: CurrencyCode; rates: RatesPerUsd },
): string | null {
  const retail = entry.retailEstimate
  if (!entry.valueEstimated || !retail) return null
  const price = formatPrice(retail.amount, money.currency, money.rates, retail.currency)
  const source = retail.region
    ? `${price} (${retail.region}) per item`
    : `${price} per item (as entered with the item)`
  return `Estimated at retail: ${source}, converted at today's rate; no market price yet.`
}
