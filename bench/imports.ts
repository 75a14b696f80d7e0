/**
 * `npm run bench -- --imports [--data <rebrickable dir>] [--brickset <file>] [--database-url <postgres url>]`
 *
 * Import throughput (DESIGN §9, issue 12 part 9): into a fresh database with the full Rebrickable catalogue,
 * on PGlite and on PostgreSQL, the commit of each file through the import service (both reads: checking,
 * then writing in batches of 500), the first time and again (nothing changes): Brickset's set data (the
 * shared file, budget < 10 s), a generated 10,000-row BrickEconomy collection and a generated 10,000-lot
 * BrickLink store inventory.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type DatabaseHandle, openDatabase, queryRows } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { seedReferenceData } from '#server/db/seed.ts'
import {
  COMMAND_LINE,
  commitImport,
  type ImportActor,
  openFiles,
} from '#server/modules/imports/import.service.ts'
import { importRebrickable } from '#server/modules/imports/rebrickable.import.ts'
import type { ImportChoices } from '#shared/contract/imports.ts'

const ROWS = 10_000
const log = (message: string) => console.error(`[bench imports] ${message}`)

export interface ImportBenchOptions {
  root: string
  data: string
  brickset: string
  databaseUrl: string
}

interface Measured {
  database: string
  file: string
  rows: number
  first: number
  again: number
  outcome: string
}

export async function benchImports(options: ImportBenchOptions): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'brickfolio-bench-imports-'))
  const results: Measured[] = []
  try {
    const pgliteDir = path.join(work, 'pglite')
    results.push(
      ...(await measure(
        'PGlite',
        await openDatabase({ driver: 'pglite', dataDir: pgliteDir }),
        options,
        work,
      )),
    )
    const url = await freshPostgres(options.databaseUrl)
    results.push(
      ...(await measure('PostgreSQL', await openDatabase({ driver: 'postgres', url }), options, work)),
    )
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  printTable(results)
}

async function measure(database: string, handle: DatabaseHandle, options: ImportBenchOptions, work: string) {
  const results: Measured[] = []
  try {
    await migrateDatabase(handle)
    await seedReferenceData(handle.db)
    const started = performance.now()
    await importRebrickable({ db: handle.db, dir: path.resolve(options.root, options.data) })
    log(`${database}: Rebrickable catalogue imported in ${seconds(started)} s`)
    const actor = await benchUser(handle)
    const sets = await queryRows<{ number: string }>(
      handle.db,
      sql`select number from items where type = 'set' order by md5(number) limit 3000`,
    )
    const figures = await queryRows<{ number: string }>(
      handle.db,
      sql`select number from items where type = 'minifig' order by md5(number) limit 1000`,
    )
    const files: Array<{ name: string; file: string; actor: ImportActor; choices: ImportChoices }> = [
      {
        name: 'Brickset set data (the shared file)',
        file: path.resolve(options.root, options.brickset),
        actor: COMMAND_LINE,
        choices: { target: 'catalogue' },
      },
      {
        name: `BrickEconomy collection, ${ROWS.toLocaleString('en')} copies (generated)`,
        file: write(work, 'brickeconomy.csv', brickEconomyCollection(sets.map((row) => row.number))),
        actor,
        choices: {},
      },
      {
        name: `BrickLink store inventory, ${ROWS.toLocaleString('en')} lots (generated)`,
        file: write(
          work,
          'inventory.xml',
          brickLinkInventory(
            sets.map((row) => row.number),
            figures.map((row) => row.number),
          ),
        ),
        actor,
        choices: {},
      },
    ]
    for (const { name, file, actor: who, choices } of files) {
      const run = async () => {
        const opened = await openFiles([{ kind: 'file', path: file, fileName: path.basename(file) }])
        const began = performance.now()
        const outcome = await commitImport({ db: handle.db, actor: who, files: opened, choices })
        return { seconds: (performance.now() - began) / 1000, outcome }
      }
      const first = await run()
      const again = await run()
      const { imported, updated, unchanged, skipped } = first.outcome
      results.push({
        database,
        file: name,
        rows: first.outcome.rows,
        first: first.seconds,
        again: again.seconds,
        outcome: `${imported} new, ${updated} updated, ${unchanged} unchanged, ${skipped} not imported; again: ${again.outcome.unchanged} unchanged`,
      })
      log(`${database}: ${name}: ${first.seconds.toFixed(2)} s, again ${again.seconds.toFixed(2)} s`)
    }
  } finally {
    await handle.close()
  }
  return results
}

async function benchUser(handle: DatabaseHandle): Promise<ImportActor> {
  const [user] = await queryRows<{ id: string }>(
    handle.db,
    sql`insert into users (email, onboarding_completed) values ('bench-imports@brickfolio.test', true) returning id`,
  )
  return { userId: user?.id ?? '', role: 'user', isTrusted: false, currency: 'EUR' }
}

/** One row per copy, as BrickEconomy exports: € and $ amounts, ISO and day-first dates, notes. */
function brickEconomyCollection(sets: string[]): string {
  const conditions = ['New', 'UsedAsNew', 'UsedComplete', 'UsedIncomplete']
  const lines = ['Number,Theme,Subtheme,Year,SetName,Retail,Paid,Value,Condition,Date,Notes']
  for (let row = 0; row < ROWS; row++) {
    const symbol = row % 3 === 0 ? '$' : '€'
    const paid = `${symbol}${(row % 900) + 5}.${String(row % 100).padStart(2, '0')}`
    const date = row % 2 === 0 ? `2024-0${(row % 9) + 1}-1${row % 10}` : `2${row % 9}/0${(row % 9) + 1}/2023`
    lines.push(
      `${sets[row % sets.length]},Theme,,2020,"A set, ${row}",${symbol}99.99,${paid},${symbol}120.00,${conditions[row % 4]},${date},Shelf ${row % 40}`,
    )
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** One ITEM per lot, as a BrickLink store download: sets and figures, new and used, MYCOST in euros. */
function brickLinkInventory(sets: string[], figures: string[]): string {
  const items = []
  for (let lot = 0; lot < ROWS; lot++) {
    const figure = lot % 4 === 3
    const id = figure ? figures[lot % figures.length] : sets[lot % sets.length]
    items.push(
      `<ITEM><ITEMTYPE>${figure ? 'M' : 'S'}</ITEMTYPE><ITEMID>${id}</ITEMID><COLOR>0</COLOR>` +
        `<QTY>${(lot % 5) + 1}</QTY><PRICE>${(lot % 300) + 1}.5000</PRICE><CONDITION>${lot % 2 ? 'U' : 'N'}</CONDITION>` +
        `${figure ? '' : `<SUBCONDITION>${lot % 2 ? 'C' : 'S'}</SUBCONDITION>`}<MYCOST>${(lot % 200) + 1}.2500</MYCOST>` +
        `<LOTID>${400_000_000 + lot}</LOTID><BASECURRENCYCODE>EUR</BASECURRENCYCODE>` +
        `<REMARKS>Bin ${lot % 60} &amp; shelf</REMARKS></ITEM>`,
    )
  }
  return `<INVENTORY>\n${items.join('\n')}\n</INVENTORY>\n`
}

function write(dir: string, name: string, text: string): string {
  const file = path.join(dir, name)
  writeFileSync(file, text)
  return file
}

async function freshPostgres(url: string): Promise<string> {
  const target = new URL(url)
  const name = `${target.pathname.replace(/^\//, '')}_imports`
  if (!/^[a-z0-9_]+$/.test(name))
    throw new Error(`Use a simple database name for the benchmark, not "${name}"`)
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: maintenance.toString() })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  target.pathname = `/${name}`
  return target.toString()
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)

function printTable(results: Measured[]) {
  const lines = [
    '| database | file | rows | import | rows/s | again (nothing changes) | rows/s | outcome |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (row) =>
        `| ${row.database} | ${row.file} | ${row.rows.toLocaleString('en')} | ${row.first.toFixed(1)} s | ` +
        `${Math.round(row.rows / row.first).toLocaleString('en')} | ${row.again.toFixed(1)} s | ` +
        `${Math.round(row.rows / row.again).toLocaleString('en')} | ${row.outcome} |`,
    ),
  ]
  console.log(lines.join('\n'))
}
