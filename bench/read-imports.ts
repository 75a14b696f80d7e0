/**
 * `npx tsx bench/read-imports.ts [--mb 100] [--keep] [--brickset <set data .csv.gz>]`
 *
 * Measures the import readers alone (no database): generates a BrickEconomy per-copy CSV, a BrickLink
 * store-inventory XML and a catalogue JSON of about `--mb` megabytes each in a temp directory, reads each
 * with openImport (one full rows() pass) and reads Brickset's shared set data, printing rows/s, MB/s and
 * the peak heap and RSS seen during the pass. The point is that memory stays flat however large the file.
 */
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { ImportInput } from '#server/modules/imports/import-rows.ts'
import { openImport } from '#server/modules/imports/read/open-import.ts'

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '100' },
    keep: { type: 'boolean', default: false },
    brickset: {
      type: 'string',
      default: '/work/shared/data/brickset-retail-prices/brickset_sets_1970_2025.csv.gz',
    },
  },
})
const targetBytes = Number(args.mb) * 1024 * 1024
const MB = 1024 * 1024

async function writeFileOf(
  file: string,
  head: string,
  line: (index: number) => string,
  tail = '',
): Promise<void> {
  const out = createWriteStream(file)
  let written = 0
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      written += Buffer.byteLength(text)
      if (out.write(text)) resolve()
      else out.once('drain', resolve)
    })
  await write(head)
  let batch = ''
  let batchBytes = 0
  const limit = targetBytes - Buffer.byteLength(tail) - 4096
  for (let index = 0; ; index++) {
    const next = line(index)
    const bytes = Buffer.byteLength(next)
    if (written + batchBytes + bytes > limit) break
    batch += next
    batchBytes += bytes
    if (batchBytes > 256 * 1024) {
      await write(batch)
      batch = ''
      batchBytes = 0
    }
  }
  await write(batch + tail)
  await new Promise<void>((resolve) => out.end(resolve))
}

const conditions = ['New', 'UsedAsNew', 'UsedComplete', 'UsedIncomplete']
const brickEconomyLine = (index: number) =>
  `${10000 + (index % 80000)}-1,Star Wars,UCS,2017,"Set number ${index}, with a comma",€799.99,"${(index % 900) + 10},${String(index % 100).padStart(2, '0')} €",€1022.48,${conditions[index % 4]},${String((index % 28) + 1).padStart(2, '0')}/0${(index % 9) + 1}/2024,Note ${index}\n`
const brickLinkLine = (index: number) =>
  `<ITEM>\n<ITEMTYPE>S</ITEMTYPE>\n<ITEMID>${10000 + (index % 80000)}-1</ITEMID>\n<COLOR>0</COLOR>\n<QTY>${(index % 3) + 1}</QTY>\n<PRICE>12.5000</PRICE>\n<CONDITION>${index % 2 ? 'N' : 'U'}</CONDITION>\n<SUBCONDITION>C</SUBCONDITION>\n<MYCOST>${index % 50}.2500</MYCOST>\n<LOTID>${index + 1}</LOTID>\n<REMARKS>Shelf &amp;lt;${index % 40}&amp;gt; & box</REMARKS>\n</ITEM>\n`
const jsonLine = (index: number) =>
  `${index === 0 ? '' : ',\n'}  {"item_number": "${10000 + index}-1", "name": "Set ${index}", "theme": "City", "year": 2020, "pieces": ${(index % 3000) + 1}, "minifigures": 2, "original_msrp": "€${index % 500}.99", "type": "set", "retired": false}`

interface Measured {
  name: string
  megabytes: number
  rows: number
  seconds: number
  peakHeapMb: number
  peakRssMb: number
}

async function measure(name: string, input: ImportInput): Promise<Measured> {
  const opened = await openImport(input)
  let peakHeap = 0
  let peakRss = 0
  const sample = () => {
    const usage = process.memoryUsage()
    peakHeap = Math.max(peakHeap, usage.heapUsed)
    peakRss = Math.max(peakRss, usage.rss)
  }
  const timer = setInterval(sample, 50)
  const started = performance.now()
  let rows = 0
  for await (const _row of opened.rows()) {
    rows++
    if (rows % 20_000 === 0) sample()
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(timer)
  sample()
  console.error(
    `${name}: ${rows} rows in ${seconds.toFixed(1)} s, peak heap ${(peakHeap / MB).toFixed(0)} MB`,
  )
  return {
    name,
    megabytes: opened.size / MB,
    rows,
    seconds,
    peakHeapMb: peakHeap / MB,
    peakRssMb: peakRss / MB,
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'brickfolio-read-bench-'))
try {
  const files = {
    'BrickEconomy CSV': path.join(dir, 'brickeconomy.csv'),
    'BrickLink inventory XML': path.join(dir, 'bricklink.xml'),
    'Catalogue JSON': path.join(dir, 'catalogue.json'),
  }
  await writeFileOf(
    files['BrickEconomy CSV'],
    '\ufeffNumber,Theme,Subtheme,Year,SetName,Retail,Paid,Value,Condition,Date,Notes\n',
    brickEconomyLine,
  )
  await writeFileOf(
    files['BrickLink inventory XML'],
    '<?xml version="1.0"?>\n<INVENTORY>\n',
    brickLinkLine,
    '</INVENTORY>\n',
  )
  await writeFileOf(files['Catalogue JSON'], '{"items": [\n', jsonLine, '\n]}\n')
  const results: Measured[] = []
  const baseline = process.memoryUsage()
  results.push(
    await measure('Brickset set data (shared .csv.gz)', {
      kind: 'file',
      path: path.resolve(args.brickset),
      fileName: null,
    }),
  )
  for (const [name, file] of Object.entries(files))
    results.push(await measure(name, { kind: 'file', path: file, fileName: null }))
  console.log(
    `baseline before reading: heap ${(baseline.heapUsed / MB).toFixed(0)} MB, rss ${(baseline.rss / MB).toFixed(0)} MB`,
  )
  console.log('| file | size (MB) | rows | seconds | rows/s | MB/s | peak heap (MB) | peak RSS (MB) |')
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const result of results)
    console.log(
      `| ${result.name} | ${result.megabytes.toFixed(1)} | ${result.rows} | ${result.seconds.toFixed(1)} | ${Math.round(result.rows / result.seconds)} | ${(result.megabytes / result.seconds).toFixed(1)} | ${result.peakHeapMb.toFixed(0)} | ${result.peakRssMb.toFixed(0)} |`,
    )
} finally {
  if (!args.keep) await rm(dir, { recursive: true, force: true })
  else console.log(`files kept in ${dir}`)
}
