/** The words the screens use for the contract's values (contract/values.ts), each written once. */
import type { Grade, PriceRange } from '#shared/contract/values.ts'

/** 'Set', 'Minifigure'; anything else as it is. */
export function itemTypeLabel(type: string): string {
  if (type === 'set') return 'Set'
  if (type === 'minifig') return 'Minifigure'
  return type
}

export const GRADE_LABELS: Record<Grade, string> = { new: 'New', used: 'Used' }

/** The range buttons' labels (the analytics page's ranges are some of the item page's). */
export const RANGE_LABELS: Record<PriceRange, string> = { '30d': '30D', '90d': '90D', '1y': '1Y', all: 'ALL' }
/** A range in a sentence: 'Fair price over the last 90 days'. */
export const RANGE_NAMES: Record<PriceRange, string> = {
  '30d': 'the last 30 days',
  '90d': 'the last 90 days',
  '1y': 'the last year',
  all: 'all time',
}
