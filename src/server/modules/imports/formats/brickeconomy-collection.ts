import { readDate } from '../cells/date-cell.ts'
import { readMoney } from '../cells/money-cell.ts'
import { readText } from '../cells/number-cells.ts'
import { RowError } from '../cells/row-error.ts'
import type { HoldingRow } from '../import-rows.ts'
import { condition, type HoldingCondition, SET_LABEL } from './conditions.ts'
import type { CsvFormat } from './import-format.ts'
import { guardRow } from './row-guard.ts'

/**
 * BrickEconomy's collection CSV, current shape: Number, Theme, Subtheme, Year, SetName, Retail, Paid,
 * Value, Condition, Date, Notes, one row per copy. Paid carries its currency symbol per cell (`€69.99`,
 * `$40.08`, `69,99 €`); Date is in the user's locale (ISO, or d/m vs m/d, which the file proves or the
 * user chooses). Retail and Value are BrickEconomy's figures, not the user's, and are not read.
 *
 * Conditions: New → New/Sealed; UsedAsNew (a used set in like-new condition, so complete) and
 * UsedComplete → Used/Complete; UsedIncomplete → Used/Incomplete. The word is kept as the source's.
 *
 * A copy has no id in the file, so its identity is its content plus how many identical copies came before
 * it: two identical copies stay two entries, and importing the same file again maps each to itself.
 */
const CONDITIONS: Record<string, HoldingCondition> = {
  new: condition('new', SET_LABEL.sealed, 'New'),
  usedasnew: condition('used', SET_LABEL.usedComplete, 'UsedAsNew'),
  usedcomplete: condition('used', SET_LABEL.usedComplete, 'UsedComplete'),
  usedincomplete: condition('used', SET_LABEL.usedIncomplete, 'UsedIncomplete'),
}

function copyCondition(raw: string | undefined): HoldingCondition | null {
  const text = (raw ?? '').trim()
  if (text === '') return null
  const known = CONDITIONS[text.toLowerCase().replace(/[^a-z]/g, '')]
  if (!known) throw new RowError(`Condition "${text}" is not New, UsedAsNew, UsedComplete or UsedIncomplete`)
  return { ...known, sourceWord: text }
}

export const brickEconomyCollection: CsvFormat = {
  format: 'brickeconomy-collection',
  syntax: 'csv',
  dateOrder: null,
  recognise: (columns) =>
    columns.has('number') && columns.has('setname') && (columns.has('paid') || columns.has('condition')),
  required: () => ['Number'],
  mapper: (context) => {
    const earlier = new Map<string, number>()
    return (row, line) => {
      const number = readText(row.number)
      const name = readText(row.setname)
      const key = [number, row.condition, row.paid, row.date].map((cell) => (cell ?? '').trim()).join('|')
      const copy = earlier.get(key) ?? 0
      earlier.set(key, copy + 1)
      return guardRow(line, { number, name }, () => {
        if (!number) throw new RowError('Number is empty')
        const holding: HoldingRow = {
          kind: 'holding',
          line,
          number,
          itemType: 'set',
          name,
          quantity: 1,
          condition: copyCondition(row.condition),
          pricePaid: readMoney(row.paid, { column: 'Paid' }),
          purchaseDate: readDate(row.date, { column: 'Date', order: null, today: context.today }),
          notes: readText(row.notes),
          sourceRef: `${key}|#${copy}`,
        }
        return holding
      })
    }
  },
}
