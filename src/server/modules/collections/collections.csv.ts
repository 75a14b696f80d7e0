import { stringify } from 'csv-stringify/sync'
import { spreadsheetCell } from '#server/lib/spreadsheet-cell.ts'
import type { CollectionEntry } from '#shared/contract/collections.ts'

const COLUMNS = [
  'item_number',
  'name',
  'type',
  'theme',
  'condition',
  'quantity',
  'price_paid',
  'price_paid_currency',
  'price_paid_gbp',
  'purchase_date',
  'fair_price_gbp',
  'cost_basis_gbp',
  'value_gbp',
  'pnl_gbp',
  'value_basis',
]

/** What an entry's value stands on: its market price, a retail estimate, or nothing (no value). */
function valueBasis(entry: CollectionEntry): string {
  if (entry.value === null) return ''
  return entry.valueEstimated ? 'retail estimate' : 'market'
}

/**
 * The collection export: one row per entry, the price paid as typed and in pounds, values in pounds. What
 * is not known (a price paid, a value) is an empty cell, never 0; `value_basis` says which values are
 * retail estimates.
 */
export function collectionCsv(entries: CollectionEntry[]): string {
  return stringify(
    entries.map((entry) =>
      [
        entry.item.number,
        entry.item.name,
        entry.item.type,
        entry.item.theme,
        entry.condition.label,
        entry.quantity,
        entry.pricePaid === null ? '' : (entry.originalPrice ?? entry.pricePaid),
        entry.pricePaid === null ? '' : (entry.currency ?? 'GBP'),
        entry.pricePaid ?? '',
        entry.purchaseDate ?? '',
        entry.priceSnapshot?.fairPriceGbp ?? '',
        entry.costBasis ?? '',
        entry.value ?? '',
        entry.pnl ?? '',
        valueBasis(entry),
      ].map(spreadsheetCell),
    ),
    { header: true, columns: COLUMNS },
  )
}

export const csvFileName = (today: string) => `brickfolio-collection-${today}.csv`
