import path from 'node:path'
import type { Database } from '#server/db/client.ts'
import { COMMAND_LINE, commitImport, openFiles } from './import.service.ts'
import { ImportFileError } from './import-file-error.ts'

export interface BricksetRetailSummary {
  /** Data rows read (the header aside). */
  rows: number
  /** Rows with at least one regional price. */
  rowsWithPrices: number
  /** Prices found per region, matched or not. */
  pricesByRegion: Record<string, number>
  /** Of the rows with prices, those whose set is in the catalogue, and what happened to them. */
  matchedSets: number
  setsWithNewPrices: number
  setsWithChangedPrices: number
  setsUnchanged: number
  /** Rows with prices whose set is not in the catalogue (import the catalogue first). */
  unmatchedSets: number
  /** Rows that could not be read, with their lines. */
  problems: Array<{ line: number; message: string }>
}

/**
 * `npm run import -- brickset <file>`: Brickset's set data onto the catalogue's sets through the import
 * service, as the command line (no user: the catalogue's permissions). Idempotent, like every import.
 */
export async function importBricksetFile({ db, file }: { db: Database; file: string }) {
  const files = await openFiles([{ kind: 'file', path: file, fileName: path.basename(file) }])
  if (files.format !== 'brickset-sets') {
    throw new ImportFileError(
      `${path.basename(file)} is not Brickset's set data: it reads as ${files.format}.`,
    )
  }
  const pricesByRegion: Record<string, number> = {}
  let rowsWithPrices = 0
  const problems: BricksetRetailSummary['problems'] = []
  const outcome = await commitImport({
    db,
    actor: COMMAND_LINE,
    files,
    choices: { target: 'catalogue' },
    onRow: (row) => {
      if (row.kind === 'rejected') problems.push({ line: row.line, message: row.message })
      if (row.kind !== 'retail-prices') return
      rowsWithPrices++
      for (const { region } of row.prices) pricesByRegion[region] = (pricesByRegion[region] ?? 0) + 1
    },
  })
  return {
    rows: outcome.rows,
    rowsWithPrices,
    pricesByRegion,
    matchedSets: outcome.imported + outcome.updated + outcome.unchanged,
    setsWithNewPrices: outcome.imported,
    setsWithChangedPrices: outcome.updated,
    setsUnchanged: outcome.unchanged,
    unmatchedSets: outcome.counts.unknown,
    problems,
  } satisfies BricksetRetailSummary
}
