import { readBoolean, readQuantity, readText } from '../cells/number-cells.ts'
import { RowError } from '../cells/row-error.ts'
import type { HoldingRow, ParsedRow } from '../import-rows.ts'
import { condition, SET_LABEL } from './conditions.ts'
import type { CsvFormat, CsvRow } from './import-format.ts'
import { guardRow, skipped } from './row-guard.ts'

/**
 * Brickset's collection (or search) CSV download: Number, Theme, Subtheme, Year, Set name, …, Notes,
 * Qty owned, Qty owned new, Qty owned used, Wanted, Qty wanted, …, Launch date, Exit date (DD/MM/YYYY).
 * One row per set; `Qty owned` is split into new and used, and the copies the split does not cover have no
 * condition (the import asks). No purchase price or date in the file. A search download lists sets with
 * nothing owned. Each row also says whether the set is wanted (Wanted, or Qty wanted above 0), so the file
 * fills a wanted list as well; each row is skipped for the target it has nothing for.
 */
export const bricksetCollection: CsvFormat = {
  format: 'brickset-collection',
  syntax: 'csv',
  dateOrder: 'dmy',
  recognise: (columns) => columns.has('number') && columns.has('set name') && columns.has('qty owned'),
  required: () => ['Number', 'Qty owned'],
  mapper: () => (row: CsvRow, line: number) => {
    const number = readText(row.number)
    const name = readText(row['set name'])
    return guardRow(line, { number, name }, () => {
      if (!number) throw new RowError('Number is empty')
      const owned = readQuantity(row['qty owned'], 'Qty owned')
      const ownedNew = readQuantity(row['qty owned new'], 'Qty owned new')
      const ownedUsed = readQuantity(row['qty owned used'], 'Qty owned used')
      const unspecified = Math.max(0, owned - ownedNew - ownedUsed)
      const notes = readText(row.notes)
      const base = {
        line,
        number,
        name,
        itemType: 'set' as const,
        pricePaid: null,
        purchaseDate: null,
        notes,
      }
      const rows: ParsedRow[] = []
      const holding = (quantity: number, held: HoldingRow['condition'], part: string): HoldingRow => ({
        kind: 'holding',
        ...base,
        quantity,
        condition: held,
        sourceRef: `${number}:${part}`,
      })
      if (ownedNew > 0) rows.push(holding(ownedNew, condition('new', SET_LABEL.sealed, 'new'), 'new'))
      if (ownedUsed > 0) rows.push(holding(ownedUsed, condition('used', null, 'used'), 'used'))
      if (unspecified > 0) rows.push(holding(unspecified, null, 'unspecified'))

      const qtyWanted = readQuantity(row['qty wanted'], 'Qty wanted')
      const wanted = readBoolean(row.wanted, 'Wanted') === true || qtyWanted > 0
      if (rows.length === 0) rows.push(skipped(line, { number, name }, 'not owned', 'collection'))
      if (!wanted) rows.push(skipped(line, { number, name }, 'not wanted', 'wanted'))
      else
        rows.push({
          kind: 'wanted',
          line,
          number,
          name,
          itemType: 'set',
          quantity: Math.max(1, qtyWanted),
          quantityFilled: 0,
          grade: null,
          maxPrice: null,
          notes,
          sourceRef: number,
        })
      return rows
    })
  },
}
