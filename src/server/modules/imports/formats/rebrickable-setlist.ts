import { readBoolean, readQuantity, readText } from '../cells/number-cells.ts'
import { RowError } from '../cells/row-error.ts'
import type { ParsedRow } from '../import-rows.ts'
import type { CsvFormat } from './import-format.ts'
import { guardRow, skipped } from './row-guard.ts'

/**
 * Rebrickable's set-list export: `Set Number,Quantity,Includes Spares,Inventory ID` (newer files:
 * `Inventory ver`; headers and booleans in any case, `True`/`t`). A list is a collection or a wanted list,
 * so each row is both a holding (no condition: the import asks) and a wanted row; the target picks.
 */
export const rebrickableSetList: CsvFormat = {
  format: 'rebrickable-setlist',
  syntax: 'csv',
  dateOrder: null,
  recognise: (columns) => columns.has('set number') && columns.has('quantity'),
  required: () => ['Set Number', 'Quantity'],
  mapper: () => (row, line) => {
    const number = readText(row['set number'])
    return guardRow(line, { number, name: null }, () => {
      if (!number) throw new RowError('Set Number is empty')
      const quantity = readQuantity(row.quantity, 'Quantity')
      readBoolean(row['includes spares'], 'Includes Spares')
      const inventory = readText(row['inventory id']) ?? readText(row['inventory ver'])
      const base = {
        line,
        number,
        name: null,
        itemType: /^fig-/i.test(number) ? ('minifig' as const) : ('set' as const),
        notes: null,
        sourceRef: inventory ? `${number}:${inventory}` : number,
      }
      if (quantity === 0) return skipped(line, { number, name: null }, 'Quantity is 0')
      const rows: ParsedRow[] = [
        { kind: 'holding', ...base, quantity, condition: null, pricePaid: null, purchaseDate: null },
        { kind: 'wanted', ...base, quantity, quantityFilled: 0, grade: null, maxPrice: null },
      ]
      return rows
    })
  },
}
