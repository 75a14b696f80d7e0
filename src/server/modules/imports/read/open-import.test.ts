import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_IMPORT_BYTES } from '#shared/import-formats.ts'
import { ImportFileError } from '../import-file-error.ts'
import { allRows, FIXTURE_TODAY, fixturePath, openFixture, openText, textRows } from '../read-fixture.ts'
import { openImport } from './open-import.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'brickfolio-open-import-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected an ImportFileError')
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ImportFileError)
      return error as ImportFileError
    },
  )

describe('openImport: detection', () => {
  it.each([
    ['catalogue.csv', 'catalogue-csv', null],
    ['catalogue.json', 'catalogue-json', null],
    ['brickset-sets.csv', 'brickset-sets', null],
    ['brickset-collection.csv', 'brickset-collection', 'dmy'],
    ['bricklink-wanted.xml', 'bricklink-wanted', 'mdy'],
    ['bricklink-inventory.xml', 'bricklink-inventory', 'mdy'],
    ['brickeconomy-collection.csv', 'brickeconomy-collection', null],
    ['brickeconomy-owned.csv', 'brickeconomy-owned', null],
    ['rebrickable-setlist.csv', 'rebrickable-setlist', null],
    ['rebrickable-setlist-ver.csv', 'rebrickable-setlist', null],
    ['brickowl-orders.csv', 'brickowl-orders', null],
  ])('recognises %s as %s', async (name, format, dateOrder) => {
    const opened = await openFixture(name)
    expect(opened).toMatchObject({ format, dateOrder, rebrickableFile: null })
  })

  it.each([
    ['themes.csv.gz', 'themes'],
    ['sets.csv.gz', 'sets'],
    ['minifigs.csv.gz', 'minifigs'],
    ['inventories.csv.gz', 'inventories'],
    ['inventory_minifigs.csv.gz', 'inventory_minifigs'],
  ])("recognises Rebrickable's %s by its header, and yields no rows for it", async (name, file) => {
    const opened = await openImport({
      kind: 'file',
      path: `/work/shared/data/rebrickable/${name}`,
      fileName: name,
    })
    expect(opened).toMatchObject({ format: 'rebrickable-downloads', rebrickableFile: file })
    expect(await allRows(opened)).toEqual([])
  })

  it('is tolerant of header case, spaces, quotes and a BOM', async () => {
    const opened = await openText('\ufeff "SET NUMBER" , quantity ,"Includes Spares"\r\n75192-1,1,True\r\n')
    expect(opened.format).toBe('rebrickable-setlist')
    expect(await allRows(opened)).toMatchObject([
      { kind: 'holding', number: '75192-1', quantity: 1 },
      { kind: 'wanted' },
    ])
  })

  it('detects a semicolon-separated export and an Excel sep= line', async () => {
    const rows = await textRows('sep=;\nSet Number;Quantity\n75192-1;2\n')
    expect(rows[0]).toMatchObject({ kind: 'holding', line: 3, number: '75192-1', quantity: 2 })
    expect((await openText('item_number;name;theme;type\n1-1;A;B;set\n')).format).toBe('catalogue-csv')
  })

  it('refuses an unrecognised header, quoting it and listing what it reads', async () => {
    const error = await failure(openFixture('unrecognised.csv'))
    expect(error.message).toMatch(
      /^This file's header is "Date,Description,Amount,Balance", which is not a format/,
    )
    expect(error.message).toContain('Brickset collection CSV; BrickLink wanted list XML')
    expect(error.code).toBe('UNRECOGNISED_IMPORT_FORMAT')
    const long = await failure(openText(`${'x'.repeat(300)},y\n1,2\n`))
    expect(long.message).toContain(`"${'x'.repeat(200)}…"`)
  })

  it('names a missing required column of a recognised format', async () => {
    const error = await failure(openText('Order Id,Name,Boid,Lot Id\n1,Falcon (75192-1),2,3\n'))
    expect(error.message).toBe(
      'This looks like a BrickOwl order items CSV, but it has no "Type", "Ordered Quantity" column: export it again with all its columns.',
    )
  })

  it('refuses XML of another shape, and says what to export for a BrickLink orders file', async () => {
    expect((await failure(openText('<ORDERS><ORDER/></ORDERS>'))).message).toMatch(
      /^This is a BrickLink orders file/,
    )
    expect((await failure(openText('<catalog><book/></catalog>'))).message).toMatch(
      /^This XML file's root element is <CATALOG>/,
    )
  })
})

describe('openImport: files it refuses', () => {
  it.each([
    [
      'empty.csv',
      'IMPORT_FILE_EMPTY',
      'The file is empty: choose the file your export made, or paste its contents.',
    ],
    ['blank.csv', 'IMPORT_FILE_EMPTY', 'The file is empty'],
    ['png-renamed.csv', 'NOT_A_TEXT_FILE', 'This is not a text file: it looks like a PNG image.'],
    [
      'entity-bomb.xml',
      'XML_DOCTYPE_REFUSED',
      'This XML file declares a document type (<!DOCTYPE> or <!ENTITY>).',
    ],
  ])('refuses %s when opened', async (name, code, message) => {
    const error = await failure(openFixture(name))
    expect(error.code).toBe(code)
    expect(error.message).toContain(message)
    expect(error.statusCode).toBe(400)
  })

  it.each([
    ['truncated.csv', 'The file ends in the middle of line 3: it looks cut off. Export it again.'],
    ['truncated-quote.csv', 'The file ends in the middle of line 3: it looks cut off. Export it again.'],
    ['truncated.xml', 'The file ends in the middle of line 9: it looks cut off. Export it again.'],
    ['header-only.csv', 'This file has no rows under its header: there is nothing to import.'],
  ])('refuses %s while reading its rows', async (name, message) => {
    const opened = await openFixture(name)
    expect((await failure(allRows(opened))).message).toBe(message)
  })

  it('refuses a file over the size limit without reading it, with 413', async () => {
    const file = path.join(dir, 'huge.csv')
    await writeFile(file, '')
    await truncate(file, MAX_IMPORT_BYTES + 1)
    const error = await failure(openImport({ kind: 'file', path: file, fileName: 'huge.csv' }))
    expect(error).toMatchObject({ statusCode: 413, code: 'IMPORT_TOO_LARGE' })
    expect(error.message).toMatch(/^This file is over 100 MB/)
  })

  it('refuses a .gz that unpacks beyond the size limit', async () => {
    const file = path.join(dir, 'bomb.csv.gz')
    const header = Buffer.from('Set Number,Quantity\n')
    // Long lines, so the test is about unpacking rather than mapping ten million rows.
    const line = `75192-1,1,${'x'.repeat(99_990)}\n`
    await writeFile(
      file,
      gzipSync(Buffer.concat([header, Buffer.alloc(MAX_IMPORT_BYTES, line)]), { level: 9 }),
    )
    const opened = await openImport({ kind: 'file', path: file, fileName: null })
    expect((await failure(allRows(opened))).message).toMatch(/^Unpacked, this file is over 100 MB/)
  }, 30_000)

  it('refuses a cut-off .gz', async () => {
    const file = path.join(dir, 'cut.csv.gz')
    const packed = gzipSync(Buffer.from(`Set Number,Quantity\n${'75192-1,1\n'.repeat(20_000)}`))
    await writeFile(file, packed.subarray(0, packed.length - 20))
    const opened = await openImport({ kind: 'file', path: file, fileName: null })
    expect((await failure(allRows(opened))).message).toBe(
      'The .gz file is cut off: download or export it again.',
    )
  })

  it('says a file that disappeared between upload and job must be uploaded again', async () => {
    const error = await failure(
      openImport({ kind: 'file', path: path.join(dir, 'gone.csv'), fileName: null }),
    )
    expect(error).toMatchObject({ statusCode: 410, code: 'IMPORT_FILE_GONE' })
  })
})

describe('openImport: reading', () => {
  it('reads a gzip file by its magic bytes, whatever its name, and counts stored bytes for progress', async () => {
    const file = path.join(dir, 'setlist.txt')
    const packed = gzipSync(Buffer.from('Set Number,Quantity\n75192-1,2\n10276-1,1\n'))
    await writeFile(file, packed)
    const opened = await openImport({ kind: 'file', path: file, fileName: 'setlist.txt' })
    expect(opened).toMatchObject({ format: 'rebrickable-setlist', size: packed.length })
    expect((await allRows(opened)).filter((row) => row.kind === 'holding').map((row) => row.line)).toEqual([
      2, 3,
    ])
    expect(opened.bytesRead()).toBe(packed.length)
  })

  it('reads the file again from the start on each pass, the same rows each time', async () => {
    const opened = await openFixture('brickeconomy-collection.csv')
    const first = await allRows(opened)
    expect(opened.bytesRead()).toBe(opened.size)
    const second = await allRows(opened)
    expect(second).toEqual(first)
    expect(opened.bytesRead()).toBe(opened.size)
  })

  it('reports bytes as a pass goes, and stops reading when the caller stops', async () => {
    const lines = Array.from({ length: 40_000 }, (_, index) => `${10000 + index}-1,1`).join('\n')
    const file = path.join(dir, 'long.csv')
    await writeFile(file, `Set Number,Quantity\n${lines}\n`)
    const opened = await openImport({ kind: 'file', path: file, fileName: null })
    let seen = 0
    for await (const row of opened.rows()) {
      if (row.kind !== 'holding') continue
      seen++
      if (seen === 100) break
    }
    expect(opened.bytesRead()).toBeGreaterThan(0)
    expect(opened.bytesRead()).toBeLessThan(opened.size)
  })

  it('reads pasted text the same way as a file', async () => {
    const opened = await openText(
      '<INVENTORY><ITEM><ITEMTYPE>S</ITEMTYPE><ITEMID>75192-1</ITEMID><MINQTY>2</MINQTY></ITEM></INVENTORY>',
    )
    expect(opened.format).toBe('bricklink-wanted')
    expect(await allRows(opened)).toMatchObject([{ kind: 'wanted', number: '75192-1', quantity: 2, line: 1 }])
  })

  it('rejects a row with the wrong number of values with its line, and reads the rest', async () => {
    const rows = await textRows(
      'Set Number,Quantity,Includes Spares\n75192-1,1\n10276-1,1,True,oops\n21318-1,1,True,\n',
    )
    expect(rows.filter((row) => row.kind === 'rejected')).toEqual([
      {
        kind: 'rejected',
        line: 2,
        number: '75192-1',
        name: null,
        message: 'This line has 2 values where the header has 3: a value or a delimiter is missing',
      },
      {
        kind: 'rejected',
        line: 3,
        number: '10276-1',
        name: null,
        message: 'This line has 4 values where the header has 3: a value with a delimiter in it needs quotes',
      },
    ])
    expect(rows.filter((row) => row.kind === 'holding').map((row) => row.line)).toEqual([4])
  })

  it('skips lines of empty values that spreadsheets leave at the end', async () => {
    const rows = await textRows('Set Number,Quantity\n75192-1,1\n,\n,,\n')
    expect(rows.map((row) => row.kind)).toEqual(['holding', 'wanted'])
  })

  it("reads Brickset's shared set data: 8,674 sets with a US price, streamed", async () => {
    const opened = await openImport(
      {
        kind: 'file',
        path: '/work/shared/data/brickset-retail-prices/brickset_sets_1970_2025.csv.gz',
        fileName: null,
      },
      { today: FIXTURE_TODAY },
    )
    expect(opened.format).toBe('brickset-sets')
    const counts = { rows: 0, us: 0, skipped: 0, rejected: 0 }
    for await (const row of opened.rows()) {
      counts.rows++
      if (row.kind === 'retail-prices' && row.prices.some((price) => price.region === 'US')) counts.us++
      if (row.kind === 'skipped') counts.skipped++
      if (row.kind === 'rejected') counts.rejected++
    }
    expect(counts).toEqual({ rows: 21_546, us: 8_674, skipped: counts.skipped, rejected: 0 })
    expect(opened.bytesRead()).toBe(opened.size)
  }, 30_000)
})

describe('fixtures', () => {
  it('exist where the tests look for them', () => {
    expect(fixturePath('catalogue.csv')).toMatch(/test\/fixtures\/imports\/catalogue\.csv$/)
  })
})
