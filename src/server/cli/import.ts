import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../config.ts'
import { notify } from '../db/client.ts'
import { openConfiguredDatabase } from '../db/open.ts'
import { READ_CACHE_CHANNEL } from '../lib/read-cache.ts'
import { importBricksetFile } from '../modules/imports/brickset-retail.ts'
import type { RowProblem } from '../modules/imports/csv-source.ts'
import { ImportFileError } from '../modules/imports/import-file-error.ts'
import { importRebrickable, MissingImportFileError } from '../modules/imports/rebrickable.import.ts'
import { printFailure } from './print-failure.ts'

const usage = `Usage: npm run import -- rebrickable <dir>
       npm run import -- brickset <file>

rebrickable: Rebrickable's catalogue downloads from <dir>: themes.csv, sets.csv, minifigs.csv and,
  when present, inventories.csv and inventory_minifigs.csv (each may be gzipped: .csv.gz).
brickset: the regional retail prices (US, UK, CA, DE) of Brickset's set data (.csv or .csv.gz, the
  getSets columns) onto the catalogue's sets, matched by set number; import the catalogue first.
Uses DATABASE_URL when set, else the embedded database in PGLITE_DIR.`

async function main(args: string[]): Promise<number> {
  const [source, target] = args
  if ((source !== 'rebrickable' && source !== 'brickset') || !target) {
    console.error(usage)
    return 2
  }
  if (source === 'brickset' && !existsSync(target)) {
    console.error(`No file at ${target}`)
    return 2
  }
  const config = loadConfig()
  const database = await openConfiguredDatabase({ ...config, SEED_DEMO: false })
  try {
    const started = performance.now()
    if (source === 'brickset') {
      const { problems, ...result } = await importBricksetFile({
        db: database.db,
        file: path.resolve(target),
      })
      const file = path.basename(target)
      report(
        problems.map((problem) => ({ file, ...problem })),
        { ...result, problems: problems.length },
        started,
      )
    } else {
      const { problems, summary, byKind } = await importRebrickable({
        db: database.db,
        dir: path.resolve(target),
        onProgress: (message) => console.error(message),
      })
      report(problems, { ...summary, byKind }, started)
    }
    // Running servers forget their cached catalogue answers now rather than at their TTL (ADR 021).
    await notify(database.db, READ_CACHE_CHANNEL, '')
    return 0
  } finally {
    await database.close()
  }
}

/** The first 50 problems on stderr, the summary with the time taken as JSON on stdout. */
function report(problems: RowProblem[], summary: Record<string, unknown>, started: number): void {
  for (const problem of problems.slice(0, 50)) {
    console.error(`  ${problem.file} line ${problem.line}: ${problem.message}`)
  }
  if (problems.length > 50) console.error(`  … and ${problems.length - 50} more problems`)
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1))
  console.log(JSON.stringify({ ...summary, seconds }, null, 2))
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    printFailure(error, [MissingImportFileError, ImportFileError])
    process.exit(1)
  })
