/**
 * The analytics page's allocation (spec 01 §1): each theme's or type's share of the collection, by value
 * when anything has a price, else by what was paid. Amounts stay decimal strings.
 */
import Big from 'big.js'
import { parseAmount } from '#shared/money.ts'
import { percentOf } from '#web/lib/format.ts'

/** Shares of a whole as percentages with one decimal ('0.0' for everything when the whole is 0). */
export function shares(amounts: ReadonlyArray<string>): string[] {
  const total = amounts.reduce((sum, amount) => sum.plus(parseAmount(amount) ?? 0), new Big(0)).toString()
  return amounts.map((amount) => percentOf(amount, total, 1) ?? '0.0')
}

/** Allocation rows with their shares: of the value when anything is priced, else of the cost. */
export function allocationRows<Row extends { value: string; costBasis: string }>(
  rows: readonly Row[],
): { basis: 'value' | 'costBasis'; rows: Array<Row & { amount: string; percent: string }> } {
  const priced = rows.some((row) => (parseAmount(row.value) ?? new Big(0)).gt(0))
  const basis = priced ? 'value' : 'costBasis'
  const percents = shares(rows.map((row) => row[basis]))
  return {
    basis,
    rows: rows.map((row, index) => ({ ...row, amount: row[basis], percent: percents[index] ?? '0.0' })),
  }
}
