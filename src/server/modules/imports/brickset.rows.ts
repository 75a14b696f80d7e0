import type { RetailRegion } from '#shared/contract/values.ts'
import { REGION_CURRENCY } from '#shared/retail.ts'

/**
 * A row of Brickset's set data (the API's `getSets` fields, as the shared file and the R package write
 * them): `set_num` (or `number` + `numberVariant`) and, per region, `XX_retailPrice` in the region's
 * currency with `XX_dateFirstAvailable` / `XX_dateLastAvailable` as ISO timestamps. R writes a missing
 * value as `NA`.
 */
export interface BricksetRetailRow {
  setNumber: string
  prices: Array<{
    region: RetailRegion
    amount: string
    currency: string
    firstAvailable: string | null
    lastAvailable: string | null
  }>
}

const REGIONS = Object.keys(REGION_CURRENCY) as RetailRegion[]
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
  if (!match?.[1]) throw new Error(`${column} is not a date: "${value}"`)
  return match[1]
}

/** The row's set number and regional prices; throws with a readable message for a bad value. */
export function bricksetRetailRow(record: Record<string, string>): BricksetRetailRow {
  const setNumber = missing(record.set_num)
    ? !missing(record.number) && !missing(record.numberVariant)
      ? `${record.number?.trim()}-${record.numberVariant?.trim()}`
      : ''
    : (record.set_num?.trim() ?? '')
  if (!setNumber) throw new Error('set_num (or number and numberVariant) is empty')
  const prices: BricksetRetailRow['prices'] = []
  for (const region of REGIONS) {
    const raw = record[`${region}_retailPrice`]
    if (missing(raw)) continue
    const amount = raw?.trim() ?? ''
    if (!AMOUNT.test(amount)) throw new Error(`${region}_retailPrice is not an amount: "${raw}"`)
    if (Number(amount) === 0) continue
    prices.push({
      region,
      amount,
      currency: REGION_CURRENCY[region],
      firstAvailable: dayOf(record[`${region}_dateFirstAvailable`], `${region}_dateFirstAvailable`),
      lastAvailable: dayOf(record[`${region}_dateLastAvailable`], `${region}_dateLastAvailable`),
    })
  }
  return { setNumber, prices }
}
