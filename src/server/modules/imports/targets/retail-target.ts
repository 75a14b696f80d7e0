import type { RetailPriceRow } from '../catalogue-bulk.repo.ts'
import { setsWithRetailPrices, writeMatchedRetailPrices } from '../catalogue-bulk.service.ts'
import type { ParsedRow, RetailPricesRow } from '../import-rows.ts'
import type { ImportRun, PlanOutcome, ReadyRow, Target } from './target.ts'

const isRetailPrices = (row: ParsedRow): row is RetailPricesRow => row.kind === 'retail-prices'

/** Where the prices came from, as `retail_prices.source` records it. */
const SOURCE = 'brickset'

type Price = Omit<RetailPriceRow, 'itemId' | 'source'>

/**
 * Brickset's set data: each set's official retail price per region onto the catalogue's set with that
 * exact number (`75192-1`); a set the catalogue does not have is listed as unknown (import the catalogue
 * first). A row is new when its set had no prices, unchanged when every price is as stored.
 */
export function retailTarget(): Target<RetailPriceRow[]> {
  return {
    takes: isRetailPrices,
    matchesItems: false,
    sourceRefOf: (row) => (isRetailPrices(row) ? row.setNumber : null),

    async plan(run: ImportRun, rows: ReadyRow[]) {
      const ready = rows as Array<ReadyRow<RetailPricesRow>>
      const { ids, prices } = await setsWithRetailPrices({
        db: run.db,
        numbers: ready.map(({ row }) => row.setNumber),
      })
      return ready.map(({ row }): PlanOutcome<RetailPriceRow[]> => {
        const itemId = ids.get(row.setNumber)
        if (itemId === undefined) {
          return {
            line: row.line,
            issue: {
              number: row.setNumber,
              name: null,
              status: 'unknown',
              message: `No set in the catalogue has the number ${row.setNumber}: import the catalogue first.`,
            },
          }
        }
        const stored = prices.get(itemId) ?? []
        const action =
          stored.length === 0
            ? 'new'
            : row.prices.every((price) => isStored(price, stored))
              ? 'unchanged'
              : 'update'
        const [first] = row.prices
        return {
          line: row.line,
          action,
          write: row.prices.map((price) => ({ itemId, ...price, source: SOURCE })),
          sample: {
            line: row.line,
            number: row.setNumber,
            item: { id: itemId, type: 'set', number: row.setNumber, name: '' },
            action,
            quantity: null,
            condition: null,
            price: first ? { amount: first.amount, currency: first.currency } : null,
          },
        }
      })
    },

    async write(run, planned) {
      await writeMatchedRetailPrices({ db: run.db, prices: planned.flatMap((row) => row.write) })
      // Counted by row, as planned: a row's prices land together.
      const inserted = planned.filter((row) => row.action === 'new').length
      return { inserted, updated: planned.length - inserted, unchanged: 0 }
    },
  }
}

function isStored(price: Price, stored: readonly Price[]): boolean {
  return stored.some(
    (known) =>
      known.region === price.region &&
      Number(known.amount) === Number(price.amount) &&
      known.currency === price.currency &&
      known.firstAvailable === price.firstAvailable &&
      known.lastAvailable === price.lastAvailable,
  )
}
