import type { CollectionSummary } from '#shared/contract/collections.ts'
import { plural } from '#web/lib/format.ts'

type Format = (amountGbp: string | null | undefined) => string

/**
 * What the valuation leaves out, said where the totals are (issue 12): entries without a market price
 * add nothing to the value and no loss to the P&L, and what they cost is said apart. Null when every
 * entry has a price.
 */
export function unpricedNote(summary: CollectionSummary | undefined, format: Format): string | null {
  if (!summary || summary.unpricedEntries === 0) return null
  return `${plural(summary.unpricedEntries, 'entry', 'entries')} (cost ${format(summary.unpricedCost)}) without a market price yet`
}

/** The P&L percentage's caption: on priced entries when some are not; why there is none otherwise. */
export function pnlCaption(summary: CollectionSummary | undefined): string | null {
  if (!summary) return null
  if (summary.unrealizedPnlPercent === null) {
    return summary.unpricedEntries === summary.entries ? 'No market prices yet' : 'No cost recorded'
  }
  return summary.unpricedEntries > 0 ? 'on priced entries' : null
}
