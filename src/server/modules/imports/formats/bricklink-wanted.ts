import Big from 'big.js'
import type { Grade } from '#shared/contract/values.ts'
import { readMoney } from '../cells/money-cell.ts'
import { readQuantity, readText } from '../cells/number-cells.ts'
import { RowError } from '../cells/row-error.ts'
import type { WantedRow } from '../import-rows.ts'
import {
  type BrickLinkItem,
  brickLinkItemId,
  brickLinkItemType,
  brickLinkRemarks,
  lotKey,
  occurrenceKeys,
} from './bricklink-xml.ts'
import type { XmlFormat } from './import-format.ts'
import { guardRow, notTracked, skipped } from './row-guard.ts'

/**
 * BrickLink's wanted-list XML (`<INVENTORY><ITEM>` with MINQTY, MAXPRICE, QTYFILLED, CONDITION N/U/X,
 * REMARKS, NOTIFY, WANTEDSHOW, WANTEDLISTID). The file names no currency: its amounts are in the buyer's
 * BrickLink currency, which the import asks for. MAXPRICE -1 (or 0) means no limit; MINQTY may carry
 * thousands separators; a list upload may leave ITEMTYPE empty.
 */

export const WANTED_TAGS = ['MINQTY', 'MAXPRICE', 'WANTEDSHOW', 'WANTEDLISTID', 'NOTIFY', 'QTYFILLED']

function wantedGrade(item: BrickLinkItem): Grade | null {
  const code = (item.CONDITION ?? '').trim().toUpperCase()
  if (code === 'N') return 'new'
  if (code === 'U') return 'used'
  if (code === '' || code === 'X') return null
  throw new RowError(`CONDITION "${code}" is not N (new), U (used) or X (either)`)
}

export const brickLinkWanted: XmlFormat = {
  format: 'bricklink-wanted',
  syntax: 'xml',
  dateOrder: 'mdy',
  // A bare <INVENTORY> of ITEMTYPE/ITEMID is a wanted-list upload too (an inventory needs QTY).
  recognise: (root, tags) =>
    root === 'INVENTORY' && (WANTED_TAGS.some((tag) => tags.has(tag)) || !tags.has('QTY')),
  mapper: () => {
    const keyOf = occurrenceKeys()
    return (item, line) => {
      const number = readText(item.ITEMID)
      const name = readText(item.ITEMNAME)
      return guardRow(line, { number, name }, () => {
        const type = brickLinkItemType(item)
        if (type !== null && typeof type === 'object')
          return skipped(line, { number, name }, notTracked(type.untracked))
        const itemId = brickLinkItemId(item)
        const maxPrice = readMoney(item.MAXPRICE, { column: 'MAXPRICE', allowNegative: true })
        const listId = readText(item.WANTEDLISTID)
        const key = lotKey(item, itemId, ['CONDITION'])
        const row: WantedRow = {
          kind: 'wanted',
          line,
          number: itemId,
          itemType: type,
          name,
          quantity: Math.max(1, readQuantity(item.MINQTY, 'MINQTY', 1)),
          quantityFilled: readQuantity(item.QTYFILLED, 'QTYFILLED'),
          grade: wantedGrade(item),
          maxPrice: maxPrice && new Big(maxPrice.amount).gt(0) ? maxPrice : null,
          notes: brickLinkRemarks(item.REMARKS),
          sourceRef: keyOf(listId ? `${key}@${listId}` : key),
        }
        return row
      })
    }
  },
}
