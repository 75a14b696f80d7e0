import { execFile } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Reading never holds the file: a 90 MB CSV (BrickOwl) and a 90 MB XML (BrickLink) are read in a separate
 * Node process whose heap is capped at 64 MB (so the garbage collector works rather than letting garbage
 * pile up), and the peak of heap plus buffers it sees while reading stays under 80 MB. Holding the file
 * anywhere (a whole-file read, a parser that keeps what it emitted) puts at least 90 MB on top of the
 * process's own ~20 MB. (A cap alone would not catch it: V8 keeps one huge string outside the cap.)
 */
const run = promisify(execFile)
const FILE_BYTES = 90 * 1024 * 1024
const MB = 1024 * 1024
const PEAK_LIMIT = 80 * MB

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'brickfolio-bounded-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Writes about FILE_BYTES of `head`, lines and `tail`; returns the number of lines. */
async function generate(
  file: string,
  head: string,
  line: (index: number) => string,
  tail: string,
): Promise<number> {
  const out = createWriteStream(file)
  let written = 0
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      written += text.length
      if (out.write(text)) resolve()
      else out.once('drain', resolve)
    })
  await write(head)
  let index = 0
  while (written < FILE_BYTES) {
    let batch = ''
    for (let count = 0; count < 2000; count++, index++) batch += line(index)
    await write(batch)
  }
  await write(tail)
  await new Promise<void>((resolve) => out.end(resolve))
  return index
}

async function readInSmallHeap(file: string): Promise<{ rows: number; format: string; peak: number }> {
  const script = path.join(dir, 'read.mts')
  const openImportModule = path.join(process.cwd(), 'src/server/modules/imports/read/open-import.ts')
  await writeFile(
    script,
    `const { openImport } = await import(${JSON.stringify(openImportModule)})
let peak = 0
const sample = () => {
  const usage = process.memoryUsage()
  peak = Math.max(peak, usage.heapUsed + usage.arrayBuffers)
}
const timer = setInterval(sample, 20)
const opened = await openImport({ kind: 'file', path: process.argv[2], fileName: null })
let rows = 0
for await (const _row of opened.rows()) if (++rows % 1000 === 0) sample()
clearInterval(timer)
console.log(JSON.stringify({ rows, format: opened.format, peak }))
`,
  )
  const { stdout } = await run(
    process.execPath,
    ['--max-old-space-size=64', '--import', 'tsx', script, file],
    {
      cwd: process.cwd(),
    },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1) as string)
}

describe('reading a large file', () => {
  it('keeps a 90 MB CSV out of memory', async () => {
    const file = path.join(dir, 'orders.csv')
    const note = 'Bought at a fair, box has a small dent, mint otherwise; '.repeat(6)
    const lines = await generate(
      file,
      '"Order Id",Name,Type,"Color Name",Boid,"Lot Id",Condition,"Ordered Quantity","Public Note","Base Price"\n',
      (index) => `${index},"LEGO Set (${10000 + index}-1)",Set,,1,${index},news,1,"${note}${index}",12.50\n`,
      '',
    )
    const read = await readInSmallHeap(file)
    expect(read).toMatchObject({ format: 'brickowl-orders', rows: lines })
    expect(read.peak).toBeLessThan(PEAK_LIMIT)
  }, 120_000)

  it('keeps a 90 MB BrickLink XML out of memory', async () => {
    const file = path.join(dir, 'inventory.xml')
    const lot = (index: number) =>
      `<ITEM><ITEMTYPE>S</ITEMTYPE><ITEMID>${10000 + index}-1</ITEMID><QTY>1</QTY><CONDITION>N</CONDITION><LOTID>${index}</LOTID><REMARKS>Shelf &amp;lt;${index}&amp;gt; &amp; more</REMARKS></ITEM>\n`
    const lots = await generate(file, '<INVENTORY>\n', lot, '</INVENTORY>\n')
    const read = await readInSmallHeap(file)
    expect(read).toMatchObject({ format: 'bricklink-inventory', rows: lots })
    expect(read.peak).toBeLessThan(PEAK_LIMIT)
  }, 120_000)
})
