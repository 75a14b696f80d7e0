import type { ItemType } from '#shared/contract/values.ts'
import { readMoney } from '../cells/money-cell.ts'
import { readQuantity, readText } from '../cells/number-cells.ts'
import { RowError } from '../cells/row-error.ts'
import type { HoldingRow } from '../import-rows.ts'
import { condition, type HoldingCondition, MINIFIG_LABEL, SET_LABEL } from './conditions.ts'
import type { CsvFormat } from './import-format.ts'
import { guardRow, notTracked, skipped } from './row-guard.ts'

/**
 * BrickOwl's order-items CSV: "Order Id",Name,Type,"Color Name",Boid,"Lot Id",Condition,"Ordered Quantity",
 * "Public Note","Base Price". Sets and minifigures are holdings; parts and the rest are not tracked. A BOID
 * is BrickOwl's own id, not a set number: the number is taken from the brackets in Name
 * (`… (75192-1)`, `… (32034 / 42134)`), the first id that looks like a set or minifigure number. Base Price
 * is per item, in the buyer's currency, which the file does not name (the import asks).
 */

const TYPES: Record<string, ItemType> = { set: 'set', minifigure: 'minifig', minifig: 'minifig' }

const SET_NUMBER = /^\d{3,8}(-\d{1,3})?$/
const MINIFIG_NUMBER = /^[a-z]{2,5}\d{3,4}[a-z]?$/i

/** The ids in brackets in a BrickOwl name, in order: `(32034 / 42134)` gives both. */
export function bracketIds(name: string): string[] {
  return [...name.matchAll(/\(([^()]*)\)/g)].flatMap((match) =>
    (match[1] as string)
      .split(/[/,]/)
      .map((id) => id.trim())
      .filter(Boolean),
  )
}

const UNTRACKED: Record<string, string> = {
  part: 'Parts are',
  gear: 'Gear is',
  book: 'Books are',
  packaging: 'Packaging is',
  instructions: 'Instructions are',
  sticker: 'Stickers are',
}

const untrackedSubject = (type: string) =>
  UNTRACKED[type.toLowerCase()] ?? `Items of type "${type || 'none'}" are`

type Owl = { grade: 'new' | 'used'; setLabel: string | null } | null

/** BrickOwl's condition codes (and their spelled-out forms), without case, spaces or punctuation. */
const CONDITIONS: Record<string, Owl> = {
  new: { grade: 'new', setLabel: null },
  news: { grade: 'new', setLabel: SET_LABEL.sealed },
  newsealed: { grade: 'new', setLabel: SET_LABEL.sealed },
  newc: { grade: 'new', setLabel: SET_LABEL.openBox },
  newcomplete: { grade: 'new', setLabel: SET_LABEL.openBox },
  newi: { grade: 'new', setLabel: SET_LABEL.openBox },
  newincomplete: { grade: 'new', setLabel: SET_LABEL.openBox },
  used: { grade: 'used', setLabel: null },
  usedc: { grade: 'used', setLabel: SET_LABEL.usedComplete },
  usedcomplete: { grade: 'used', setLabel: SET_LABEL.usedComplete },
  usedi: { grade: 'used', setLabel: SET_LABEL.usedIncomplete },
  usedincomplete: { grade: 'used', setLabel: SET_LABEL.usedIncomplete },
  usedn: { grade: 'used', setLabel: null },
  usedlikenew: { grade: 'used', setLabel: null },
  usedg: { grade: 'used', setLabel: null },
  usedgood: { grade: 'used', setLabel: null },
  useda: { grade: 'used', setLabel: null },
  usedacceptable: { grade: 'used', setLabel: null },
  other: null,
}

function owlCondition(raw: string | undefined, type: ItemType): HoldingCondition | null {
  const text = (raw ?? '').trim()
  if (text === '') return null
  const key = text.toLowerCase().replace(/[^a-z]/g, '')
  if (!(key in CONDITIONS))
    throw new RowError(`Condition "${text}" is not a BrickOwl condition (new, news, usedc…)`)
  const known = CONDITIONS[key]
  if (!known) return null
  return condition(known.grade, type === 'minifig' ? MINIFIG_LABEL[known.grade] : known.setLabel, text)
}

export const brickOwlOrders: CsvFormat = {
  format: 'brickowl-orders',
  syntax: 'csv',
  dateOrder: null,
  recognise: (columns) => columns.has('order id') && columns.has('boid') && columns.has('lot id'),
  required: () => ['Order Id', 'Name', 'Type', 'Lot Id', 'Ordered Quantity'],
  mapper: () => (row, line) => {
    const name = readText(row.name)
    const ids = bracketIds(name ?? '')
    const number = ids.find((id) => SET_NUMBER.test(id) || MINIFIG_NUMBER.test(id)) ?? null
    return guardRow(line, { number, name }, () => {
      const typeText = (row.type ?? '').trim()
      const type = TYPES[typeText.toLowerCase()]
      if (!type)
        return skipped(
          line,
          { number: number ?? readText(row.boid), name },
          notTracked(untrackedSubject(typeText)),
        )
      if (!number)
        throw new RowError(
          ids.length > 0
            ? `Name has no set or minifigure number in brackets (only ${ids.join(', ')})`
            : 'Name has no set or minifigure number in brackets, such as (75192-1)',
        )
      const orderId = readText(row['order id'])
      const lotId = readText(row['lot id'])
      if (!orderId || !lotId) throw new RowError('Order Id and Lot Id are needed')
      const quantity = readQuantity(row['ordered quantity'], 'Ordered Quantity')
      if (quantity === 0) return skipped(line, { number, name }, 'Ordered Quantity is 0')
      const holding: HoldingRow = {
        kind: 'holding',
        line,
        number,
        itemType: type,
        name,
        quantity,
        condition: owlCondition(row.condition, type),
        pricePaid: readMoney(row['base price'], { column: 'Base Price' }),
        purchaseDate: null,
        notes: readText(row['public note']),
        sourceRef: `${orderId}:${lotId}`,
      }
      return holding
    })
  },
}
