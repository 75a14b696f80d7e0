import { readBoolean, readQuantity, readText } from '../cells/number-cells.ts'
import { RowError } from '../cells/row-error.ts'
import type { ParsedRow } from '../import-rows.ts'
import type { CsvFormat } from './import-format.ts'
import { guardRow, skipped } from './row-guard.ts'

/**
 * BrickEconomy's older collection CSV: Number, Theme, Subtheme, Year, Name, Owned, Wanted, Retail, one row
 * per set with counts and no condition or price. Owned copies are holdings without a condition (the import
 * asks); a Wanted count makes a wanted row, so the file fills either list.
 */

/** Wanted as a count, or as yes/no in some copies of the export. */
function wantedCount(raw: string | undefined): number {
  const text = (raw ?? '').trim()
  if (/^\d/.test(text) || text === '') return readQuantity(text, 'Wanted')
  return readBoolean(text, 'Wanted') ? 1 : 0
}

export const brickEconomyOwned: CsvFormat = {
  format: 'brickeconomy-owned',
  syntax: 'csv',
  dateOrder: null,
  recognise: (columns) => columns.has('number') && columns.has('owned') && !columns.has('setname'),
  required: () => ['Number', 'Owned'],
  mapper: () => (row, line) => {
    const number = readText(row.number)
    const name = readText(row.name)
    return guardRow(line, { number, name }, () => {
      if (!number) throw new RowError('Number is empty')
      const owned = readQuantity(row.owned, 'Owned')
      const wanted = wantedCount(row.wanted)
      const base = { line, number, name, itemType: 'set' as const, notes: null, sourceRef: number }
      const rows: ParsedRow[] = []
      if (owned > 0)
        rows.push({
          kind: 'holding',
          ...base,
          quantity: owned,
          condition: null,
          pricePaid: null,
          purchaseDate: null,
        })
      else rows.push(skipped(line, { number, name }, 'not owned', 'collection'))
      if (wanted > 0)
        rows.push({
          kind: 'wanted',
          ...base,
          quantity: wanted,
          quantityFilled: 0,
          grade: null,
          maxPrice: null,
        })
      else rows.push(skipped(line, { number, name }, 'not wanted', 'wanted'))
      return rows
    })
  },
}
