import { isCurrencyCode } from '#shared/money.ts'
import { readMoney } from '../cells/money-cell.ts'
import { readQuantity, readText } from '../cells/number-cells.ts'
import { RowError } from '../cells/row-error.ts'
import type { HoldingRow } from '../import-rows.ts'
import {
  type BrickLinkItem,
  brickLinkItemId,
  brickLinkItemType,
  brickLinkRemarks,
  lotKey,
  occurrenceKeys,
} from './bricklink-xml.ts'
import { condition, type HoldingCondition, MINIFIG_LABEL, SET_LABEL } from './conditions.ts'
import type { XmlFormat } from './import-format.ts'
import { guardRow, notTracked, skipped } from './row-guard.ts'

/**
 * BrickLink's store inventory download and mass-upload XML (`<INVENTORY><ITEM>` with QTY, PRICE, LOTID,
 * MYCOST, SALE, STOCKROOM, BASECURRENCYCODE…): each lot is a holding. MYCOST is what the seller paid per
 * item (absent or 0 is unknown, not free); PRICE is an asking price and is not read. DATEADDED is when the
 * lot was listed, not bought, so no purchase date. The lot id is the row's identity.
 */

const INVENTORY_TAGS = [
  'QTY',
  'PRICE',
  'LOTID',
  'MYCOST',
  'SALE',
  'STOCKROOM',
  'STOCKROOMID',
  'BASECURRENCYCODE',
  'BULK',
  'RETAIN',
  'SUBCONDITION',
  'DATEADDED',
]

const SUBCONDITION_WORDS: Record<string, string> = {
  C: 'complete',
  I: 'incomplete',
  S: 'sealed',
  M: 'sealed (MISB)',
}

function inventoryCondition(item: BrickLinkItem, type: string | null): HoldingCondition | null {
  const code = (item.CONDITION ?? '').trim().toUpperCase()
  const sub = (item.SUBCONDITION ?? '').trim().toUpperCase()
  if (code !== 'N' && code !== 'U') {
    if (code === '' || code === 'X') return null
    throw new RowError(`CONDITION "${code}" is not N (new) or U (used)`)
  }
  const grade = code === 'N' ? 'new' : 'used'
  const subWord = SUBCONDITION_WORDS[sub]
  const sourceWord = subWord ? `${code === 'N' ? 'New' : 'Used'}, ${subWord}` : code === 'N' ? 'New' : 'Used'
  if (type === 'minifig') return condition(grade, MINIFIG_LABEL[grade], sourceWord)
  if (grade === 'new') {
    if (sub === 'S' || sub === 'M') return condition(grade, SET_LABEL.sealed, sourceWord)
    if (sub === 'C' || sub === 'I') return condition(grade, SET_LABEL.openBox, sourceWord)
    return condition(grade, null, sourceWord)
  }
  if (sub === 'C') return condition(grade, SET_LABEL.usedComplete, sourceWord)
  if (sub === 'I') return condition(grade, SET_LABEL.usedIncomplete, sourceWord)
  return condition(grade, null, sourceWord)
}

export const brickLinkInventory: XmlFormat = {
  format: 'bricklink-inventory',
  syntax: 'xml',
  dateOrder: 'mdy',
  recognise: (root, tags) =>
    root === 'INVENTORY' && INVENTORY_TAGS.some((tag) => tags.has(tag)) && !tags.has('MINQTY'),
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
        const quantity = readQuantity(item.QTY, 'QTY', 1)
        if (quantity === 0) return skipped(line, { number, name }, 'QTY is 0: none in stock')
        const baseCurrency = readText(item.BASECURRENCYCODE)?.toUpperCase() ?? null
        const cost = readMoney(item.MYCOST, {
          column: 'MYCOST',
          fileCurrency: baseCurrency && isCurrencyCode(baseCurrency) ? baseCurrency : null,
        })
        if (cost && baseCurrency && !isCurrencyCode(baseCurrency))
          throw new RowError(`BASECURRENCYCODE "${baseCurrency}" is not a currency Brickfolio keeps`)
        const remarks = brickLinkRemarks(item.REMARKS)
        const description = brickLinkRemarks(item.DESCRIPTION)
        const notes = [remarks, description].filter((text, index, all) => text && all.indexOf(text) === index)
        const lotId = readText(item.LOTID)
        const row: HoldingRow = {
          kind: 'holding',
          line,
          number: itemId,
          itemType: type,
          name,
          quantity,
          condition: inventoryCondition(item, type),
          pricePaid: cost && cost.amount !== '0.00' ? cost : null,
          purchaseDate: null,
          notes: notes.length > 0 ? notes.join('\n') : null,
          sourceRef: lotId ?? keyOf(lotKey(item, itemId, ['CONDITION', 'SUBCONDITION'])),
        }
        return row
      })
    }
  },
}
