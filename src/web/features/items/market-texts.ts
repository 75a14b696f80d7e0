/** What the Pricing and Sales History tabs say in words (spec 02 §2). */
import type { GradeSummary, Sale } from '#shared/contract/market.ts'
import { parseAmount } from '#shared/money.ts'

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
