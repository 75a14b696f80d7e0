import { RETAIL_REGIONS, type RetailRegion } from '#shared/contract/values.ts'
import type { CurrencyCode } from '#shared/money.ts'
import { REGION_CURRENCY } from '#shared/retail.ts'
import { RowError } from '../cells/row-error.ts'
import type { RetailPricesRow } from '../import-rows.ts'
import type { CsvFormat } from './import-format.ts'
import { guardRow, skipped } from './row-guard.ts'

/**
 * Brickset's set data (the API's `getSets` fields, as the shared file and the R package write them):
 * `set_num` (or `number` + `numberVariant`) and, per region, `XX_retailPrice` in the region's currency with
 * `XX_dateFirstAvailable` / `XX_dateLastAvailable` as ISO timestamps. R writes a missing value as `NA`.
 * Read by the import (a set without any regional price is skipped) and by `npm run import -- brickset`.
 */
export interface BricksetRetailRow {
  setNumber: string
  prices: Array<{
    region: RetailRegion
    amount: string
    currency: CurrencyCode
    firstAvailable: string | null
    lastAvailable: string | null
  }>
}

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/
const DAY = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+Z?)?$/

const missing = (value: string | undefined) => {
  const text = value?.trim() ?? ''
  return text === '' || text === 'NA' || text === 'null'
}

/** The day of an ISO date or timestamp; null when absent; throws on anything else. */
function dayOf(value: string | undefined, column: string): string | null {
  if (missing(value)) return null
  const match = DAY.exec(value?.trim() ?? '')
  if (!match?.[1]) throw new RowError(`${column} is not a date: "${value}"`)
  return match[1]
}

/** A cell by the column's name as Brickset writes it. */
type Cell = (column: string) => string | undefined

function retailPrices(cell: Cell): BricksetRetailRow {
  const setNumber = missing(cell('set_num'))
    ? !missing(cell('number')) && !missing(cell('numberVariant'))
      ? `${cell('number')?.trim()}-${cell('numberVariant')?.trim()}`
      : ''
    : (cell('set_num')?.trim() ?? '')
  if (!setNumber) throw new RowError('set_num (or number and numberVariant) is empty')
  const prices: BricksetRetailRow['prices'] = []
  for (const region of RETAIL_REGIONS) {
    const raw = cell(`${region}_retailPrice`)
    if (missing(raw)) continue
    const amount = raw?.trim() ?? ''
    if (!AMOUNT.test(amount)) throw new RowError(`${region}_retailPrice is not an amount: "${raw}"`)
    if (Number(amount) === 0) continue
    prices.push({
      region,
      amount,
      currency: REGION_CURRENCY[region],
      firstAvailable: dayOf(cell(`${region}_dateFirstAvailable`), `${region}_dateFirstAvailable`),
      lastAvailable: dayOf(cell(`${region}_dateLastAvailable`), `${region}_dateLastAvailable`),
    })
  }
  return { setNumber, prices }
}

/** The row's set number and regional prices; throws with a readable message for a bad value. */
export function bricksetRetailRow(record: Record<string, string>): BricksetRetailRow {
  return retailPrices((column) => record[column])
}

const RETAIL_PRICE_COLUMN = /^(us|uk|ca|de)_retailprice$/

export const bricksetSets: CsvFormat = {
  format: 'brickset-sets',
  syntax: 'csv',
  dateOrder: null,
  recognise: (columns) =>
    (columns.has('set_num') || (columns.has('number') && columns.has('numbervariant'))) &&
    [...columns].some((column) => RETAIL_PRICE_COLUMN.test(column)),
  required: () => [],
  mapper: () => (row, line) => {
    const cell: Cell = (column) => row[column.toLowerCase()]
    const number = missing(cell('set_num')) ? null : (cell('set_num')?.trim() ?? null)
    const name = missing(cell('name')) ? null : (cell('name')?.trim() ?? null)
    return guardRow(line, { number, name }, () => {
      const { setNumber, prices } = retailPrices(cell)
      if (prices.length === 0) return skipped(line, { number: setNumber, name }, 'no retail price')
      const retail: RetailPricesRow = { kind: 'retail-prices', line, setNumber, prices }
      return retail
    })
  },
}
