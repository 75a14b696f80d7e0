import path from 'node:path'
import { loadConfig } from '../config.ts'
import { openConfiguredDatabase } from '../db/open.ts'
import { importRebrickable, MissingImportFileError } from '../modules/imports/rebrickable.import.ts'
import { printFailure } from './print-failure.ts'

const usage = `Usage: npm run import -- rebrickable <dir>

Imports Rebrickable's catalogue downloads from <dir>: themes.csv, sets.csv, minifigs.csv and,
when present, inventories.csv and inventory_minifigs.csv (each may be gzipped: .csv.gz).
Uses DATABASE_URL when set, else the embedded database in PGLITE_DIR.`

async function main(args: string[]): Promise<number> {
  const [source, dir] = args
  if (source !== 'rebrickable' || !dir) {
    console.error(usage)
    return 2
  }
  const config = loadConfig()
  const database = await openConfiguredDatabase({ ...config, SEED_DEMO: false })
  try {
    const started = performance.now()
    const result = await importRebrickable({
      db: database.db,
      dir: path.resolve(dir),
      onProgress: (message) => console.error(message),
    })
    for (const problem of result.problems.slice(0, 50)) {
      console.error(`  ${problem.file} line ${problem.line}: ${problem.message}`)
    }
    if (result.problems.length > 50) console.error(`  … and ${result.problems.length - 50} more problems`)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      JSON.stringify({ ...result.summary, byKind: result.byKind, seconds: Number(seconds) }, null, 2),
    )
    return 0
  } finally {
    await database.close()
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    printFailure(error, [MissingImportFileError])
    process.exit(1)
  })
