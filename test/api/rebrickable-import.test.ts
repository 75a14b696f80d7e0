import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { importBricksetFile } from '#server/modules/imports/brickset-retail.ts'
import { importRebrickable } from '#server/modules/imports/rebrickable.import.ts'
import { listItemsResponseSchema, searchItemsResponseSchema } from '#shared/contract/catalogue.ts'
import { setupTestApp } from '../support/test-app.ts'

const REBRICKABLE_DUMP = path.resolve(import.meta.dirname, '../../../shared/data/rebrickable')
const BRICKSET_FILE = path.resolve(
  import.meta.dirname,
  '../../../shared/data/brickset-retail-prices/brickset_sets_1970_2025.csv.gz',
)

const context = setupTestApp()
const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(context.database.db, query))[0]?.n ?? -1

describe('Rebrickable import of the whole dump', () => {
  it('loads every theme, set, minifigure and link, and changes nothing the second time', async () => {
    const first = await importRebrickable({ db: context.database.db, dir: REBRICKABLE_DUMP })
    expect(first.summary.errors).toBe(0)
    expect(first.problems).toEqual([])
    expect(first.byKind.sets.inserted + first.byKind.sets.updated + first.byKind.sets.unchanged).toBe(26_221)

    expect(await count(sql`select count(*)::int as n from themes`)).toBe(489)
    expect(await count(sql`select count(*)::int as n from items where type = 'set'`)).toBe(26_221)
    // Demo figures known under their collector code merge with their Rebrickable entry.
    const aliased = await count(sql`select count(distinct i.id)::int as n from items i
      join item_aliases a on a.item_id = i.id where i.type = 'minifig' and a.normalized_alias like 'fig %'`)
    const unaliasedDemo = await count(sql`select count(*)::int as n from items i where i.type = 'minifig'
      and i.number not like 'fig-%' and not exists (select 1 from item_aliases a where a.item_id = i.id)`)
    expect(await count(sql`select count(*)::int as n from items where type = 'minifig'`)).toBe(
      16_586 + unaliasedDemo,
    )
    expect(aliased).toBeGreaterThan(0)
    expect(await count(sql`select count(*)::int as n from set_minifigures`)).toBeGreaterThan(22_000)
    // Lowest inventory version: 10497-1 Galaxy Explorer links its two distinct figures (two of each).
    expect(
      await count(sql`select count(*)::int as n from set_minifigures l join items s on s.id = l.set_id
        where s.number = '10497-1'`),
    ).toBe(2)
    // A minifigure takes the theme and year of the earliest set it is in.
    const [figure] = await queryRows<{ theme: string; year: number }>(
      context.database.db,
      sql`select theme, year from items where number = 'fig-000001'`,
    )
    expect(figure?.theme).not.toBe('')

    const second = await importRebrickable({ db: context.database.db, dir: REBRICKABLE_DUMP })
    expect(second.summary).toMatchObject({ inserted: 0, updated: 0, errors: 0 })
    expect(second.summary.unchanged).toBe(
      first.summary.inserted + first.summary.updated + first.summary.unchanged,
    )
    // The whole dump twice: about 20 s alone, longer while the other test files load the two cores.
  }, 90_000)

  it.each([
    ['75192', (_name: string, code: string) => code === '75192-1'],
    ['falcon', (name: string) => name.includes('Millennium Falcon')],
    ['millenium falcon', (name: string) => name.includes('Millennium Falcon')],
    ['sw0001', (_name: string, code: string) => code.startsWith('sw0001')],
    ['fig-000001', (_name: string, code: string) => code === 'fig-000001'],
  ])('search over the full catalogue finds %s', async (query, isWanted) => {
    const response = await context.app.inject({ url: `/api/search/items?query=${encodeURIComponent(query)}` })
    const [first] = searchItemsResponseSchema.parse(response.json()).results
    expect(isWanted(first?.name ?? '', first?.code ?? ''), JSON.stringify(first)).toBe(true)
  })

  it('lists Star Wars sets with sub-themes after the import', async () => {
    const response = await context.app.inject({ url: '/api/items?type=set&themeId=158&year=2017&limit=100' })
    const body = listItemsResponseSchema.parse(response.json())
    expect(body.total).toBeGreaterThan(20)
    expect(body.items.map((item) => item.number)).toContain('75192-1')
    expect(body.items.every((item) => item.themeData?.category === 'Star Wars' && item.year === 2017)).toBe(
      true,
    )
  })
})

describe('Brickset regional retail prices over the whole catalogue', () => {
  it('puts the shared file’s US, UK, CA and DE prices on the sets they belong to, once', async () => {
    const first = await importBricksetFile({ db: context.database.db, file: BRICKSET_FILE })
    expect(first.problems).toEqual([])
    expect(first.rows).toBe(21_546)
    expect(first.pricesByRegion).toEqual({ US: 8674, UK: 8546, CA: 7584, DE: 5904 })
    // The shared file's README: 8,264 of the 8,674 US prices match a Rebrickable set.
    expect(await count(sql`select count(*)::int as n from retail_prices where region = 'US'`)).toBe(8264)
    expect(first.matchedSets + first.unmatchedSets).toBe(first.rowsWithPrices)
    const stored = await count(sql`select count(*)::int as n from retail_prices`)

    const falcon = await context.app.inject({ url: '/api/items/slug/75192-1-millennium-falcon' })
    expect(falcon.json().retailPrices).toEqual([
      { region: 'CA', amount: '1049.99', currency: 'CAD', firstAvailable: '2018-01-10', lastAvailable: null },
      { region: 'DE', amount: '849.99', currency: 'EUR', firstAvailable: '2018-04-09', lastAvailable: null },
      { region: 'UK', amount: '734.99', currency: 'GBP', firstAvailable: '2018-01-16', lastAvailable: null },
      { region: 'US', amount: '849.99', currency: 'USD', firstAvailable: '2018-01-10', lastAvailable: null },
    ])

    const second = await importBricksetFile({ db: context.database.db, file: BRICKSET_FILE })
    expect(second).toMatchObject({
      setsWithNewPrices: 0,
      setsWithChangedPrices: 0,
      setsUnchanged: first.matchedSets,
    })
    expect(await count(sql`select count(*)::int as n from retail_prices`)).toBe(stored)
  })
})

describe('Rebrickable import of damaged files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rebrickable-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const write = (name: string, lines: string[], gzip = false) => {
    const text = `${lines.join('\r\n')}\r\n`
    writeFileSync(path.join(dir, gzip ? `${name}.gz` : name), gzip ? gzipSync(text) : text)
  }

  it('reports a bad row with its file and line and imports the rest', async () => {
    write('themes.csv', ['id,name,parent_id', '9001,Test Theme,', '9002,"Sub, Theme",9001'])
    write(
      'sets.csv',
      [
        'set_num,name,year,theme_id,num_parts,img_url',
        '900001-1,"Castle, with ""quotes""",2020,9002,100,https://cdn.rebrickable.com/media/sets/900001-1.jpg',
        '900002-1,Bad Year,19x0,9001,10,',
        '900003-1,Unknown Theme,2020,123456,10,',
        '900004-1,Good Set,2021,9001,0,',
      ],
      true,
    )
    write('minifigs.csv', [
      'fig_num,name,num_parts,img_url',
      'fig-900001,Test Knight,4,',
      'fig-900002,Loner,4,',
    ])
    write('inventories.csv', ['id,version,set_num', '80001,1,900001-1', '80002,2,900001-1'])
    write('inventory_minifigs.csv', [
      'inventory_id,fig_num,quantity',
      '80001,fig-900001,2',
      '80002,fig-900002,1',
    ])

    const result = await importRebrickable({ db: context.database.db, dir })
    expect(result.problems).toEqual([
      { file: 'sets.csv.gz', line: 3, message: 'year must be a whole number' },
      { file: 'sets.csv.gz', line: 4, message: 'theme_id 123456 is not in themes' },
    ])
    expect(result.byKind.sets).toMatchObject({ inserted: 2, errors: 2 })
    expect(result.byKind.links).toMatchObject({ inserted: 1, skipped: 1 })

    const [castle] = await queryRows<{
      name: string
      theme: string
      minifigures: number
      pieces: number | null
    }>(context.database.db, sql`select name, theme, minifigures, pieces from items where number = '900001-1'`)
    expect(castle).toEqual({
      name: 'Castle, with "quotes"',
      theme: 'Sub, Theme',
      minifigures: 2,
      pieces: 100,
    })
    const [knight] = await queryRows<{ theme: string; year: number }>(
      context.database.db,
      sql`select theme, year from items where number = 'fig-900001'`,
    )
    expect(knight).toEqual({ theme: 'Sub, Theme', year: 2020 })
    const [loner] = await queryRows<{ theme: string; year: number | null }>(
      context.database.db,
      sql`select theme, year from items where number = 'fig-900002'`,
    )
    expect(loner).toEqual({ theme: 'Other', year: null })
    const [goodSet] = await queryRows<{ pieces: number | null }>(
      context.database.db,
      sql`select pieces from items where number = '900004-1'`,
    )
    expect(goodSet?.pieces).toBeNull()
  })

  it('refuses a directory without the catalogue files', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'rebrickable-empty-'))
    await expect(importRebrickable({ db: context.database.db, dir: empty })).rejects.toThrow(
      /No Rebrickable download .* found/,
    )
    rmSync(empty, { recursive: true, force: true })
  })
})
