import path from 'node:path'
import type { Database } from '#server/db/client.ts'
import { writeRetailPrices } from './catalogue-bulk.service.ts'
import { type RowProblem, readCsv } from './csv-source.ts'
import { type BricksetRetailRow, bricksetRetailRow } from './formats/brickset-sets.ts'
import { addCounts, emptyCounts, type WriteCounts } from './write-counts.ts'

const BATCH_SIZE = 2000

export interface BricksetImportResult {
  /** Data rows read (the header aside). */
  rows: number
  /** Rows with at least one regional price. */
  rowsWithPrices: number
  /** Of those, the rows whose set is in the catalogue. */
  matchedSets: number
  /** Rows with prices whose set is not in the catalogue (import the catalogue first). */
  unmatchedSets: number
  /** Prices found per region, matched or not. */
  pricesByRegion: Record<string, number>
  /** What happened to the matched prices. */
  prices: WriteCounts
  problems: RowProblem[]
}

/**
 * Loads the regional retail prices of Brickset's set data (a .csv or .csv.gz, e.g. the shared
 * `brickset_sets_1970_2025.csv.gz`) onto the catalogue's sets, matched by set number. Each batch is
 * one transaction; a bad row is reported with its line and skipped; importing the same file again
 * changes nothing.
 */
export async function importBricksetRetailPrices({
  db,
  file,
}: {
  db: Database
  file: string
}): Promise<BricksetImportResult> {
  const result: BricksetImportResult = {
    rows: 0,
    rowsWithPrices: 0,
    matchedSets: 0,
    unmatchedSets: 0,
    pricesByRegion: {},
    prices: emptyCounts(),
    problems: [],
  }
  const fileName = path.basename(file)
  let batch: BricksetRetailRow[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const rows = batch
    batch = []
    const { counts, unmatched } = await db.transaction((tx) =>
      writeRetailPrices({ db: tx, rows, source: 'brickset' }),
    )
    addCounts(result.prices, counts)
    result.unmatchedSets += unmatched.length
    result.matchedSets += rows.length - unmatched.length
  }
  const seen = new Set<string>()
  for await (const { record, line } of readCsv(file, (problem) => result.problems.push(problem))) {
    result.rows++
    let row: BricksetRetailRow
    try {
      row = bricksetRetailRow(record)
    } catch (error) {
      result.problems.push({ file: fileName, line, message: (error as Error).message })
      continue
    }
    if (row.prices.length === 0) continue
    if (seen.has(row.setNumber)) {
      result.problems.push({ file: fileName, line, message: `duplicate set ${row.setNumber}` })
      continue
    }
    seen.add(row.setNumber)
    result.rowsWithPrices++
    for (const price of row.prices) {
      result.pricesByRegion[price.region] = (result.pricesByRegion[price.region] ?? 0) + 1
    }
    batch.push(row)
    if (batch.length >= BATCH_SIZE) await flush()
  }
  await flush()
  return result
}
