/** The words the screens use for the contract's values (contract/values.ts), each written once. */
import type { Grade, PriceBasis, PriceRange } from '#shared/contract/values.ts'

/** 'Set', 'Minifigure'; anything else as it is. */
export function itemTypeLabel(type: string): string {
  if (type === 'set') return 'Set'
  if (type === 'minifig') return 'Minifigure'
  return type
}

export const GRADE_LABELS: Record<Grade, string> = { new: 'New', used: 'Used' }

/**
 * What a fair price stands on, said beside it away from the item page's Pricing tab (the watchlist, the alert
 * dialogs), so an alert says which price it watches; null with no price.
 */
export const PRICE_BASIS_LABELS: Record<PriceBasis, string | null> = {
  '90d': 'From verified sales in the last 90 days',
  '365d': 'From verified sales in the last year',
  all: 'From all verified sales',
  marketplace: 'From marketplace sold prices',
  none: null,
}

/** The range buttons' labels (the analytics page's ranges are some of the item page's). */
export const RANGE_LABELS: Record<PriceRange, string> = { '30d': '30D', '90d': '90D', '1y': '1Y', all: 'ALL' }
/** A range in a sentence: 'Fair price over the last 90 days'. */
export const RANGE_NAMES: Record<PriceRange, string> = {
  '30d': 'the last 30 days',
  '90d': 'the last 90 days',
  '1y': 'the last year',
  all: 'all time',
}
