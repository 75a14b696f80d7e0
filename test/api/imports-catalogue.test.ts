import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { importPreviewSchema, importResultSchema } from '#shared/contract/imports.ts'
import { dataChecksums, fixture, fixtureText, importJson, importUpload } from '../support/imports.ts'
import { signUpPeople } from '../support/people.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Catalogue imports: the spec's CSV and JSON, Brickset's set data and Rebrickable's downloads; trusted
 * members and admins only.
 */
const context = setupTestApp()
let cookies: Record<'admin' | 'trusted' | 'user', string>

beforeAll(async () => {
  cookies = await signUpPeople(context.app, context.database.db, ['admin', 'trusted', 'user'])
})

const item = async (number: string) =>
  (
    await queryRows<Record<string, unknown>>(
      context.database.db,
      sql`select i.name, i.theme, i.theme_id as "themeId", i.year, i.pieces, i.minifigures,
          i.original_msrp::text as msrp, i.msrp_original_amount::text as "msrpAmount", i.msrp_currency as "msrpCurrency",
          i.metadata->'retired' as retired, i.created_by as "createdBy", t.parent_id as "themeParent"
        from items i left join themes t on t.id = i.theme_id where i.number = ${number}`,
    )
  )[0]

describe('catalogue imports', () => {
  it('refuses a member who is not trusted, before reading the file and writing nothing', async () => {
    const before = await tableChecksums(context.database.db)
    for (const target of ['catalogue', undefined]) {
      const response = await importJson(context.app, cookies.user, {
        source: 'csv',
        data: fixtureText('catalogue.csv'),
        target,
      })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        message: 'Only trusted members and admins can import into the catalogue.',
        code: 'FORBIDDEN',
      })
    }
    expect(await tableChecksums(context.database.db)).toEqual(before)
  })

  it('commits the spec’s own body { source, data, url }: prices in the importer’s display currency', async () => {
    const body = { source: 'csv', data: fixtureText('catalogue.csv'), url: '' }
    const response = await importJson(context.app, cookies.trusted, body)
    expect(response.statusCode, response.body).toBe(200)
    const result = importResultSchema.parse(response.json())
    expect(result).toMatchObject({ format: 'catalogue-csv', target: 'catalogue', updated: 3, errorsTotal: 3 })
    expect(result.errors.map((error) => error.row)).toEqual([5, 6, 7])
    expect(await item('75192-1')).toMatchObject({
      name: 'Millennium Falcon',
      msrpAmount: '849.99',
      msrpCurrency: 'USD',
      retired: false,
      pieces: 7541,
    })
    // The cell's own symbol wins over the display currency.
    expect(await item('10497-1')).toMatchObject({ msrpAmount: '99.99', msrpCurrency: 'EUR', retired: false })
    // A value the file leaves empty keeps the catalogue's; a theme name links the one top-level theme.
    expect(await item('sw0001a')).toMatchObject({ retired: true, theme: 'Star Wars', themeParent: null })

    const before = await dataChecksums(context.database.db)
    const again = importResultSchema.parse((await importJson(context.app, cookies.trusted, body)).json())
    expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: 3 })
    expect(await dataChecksums(context.database.db)).toEqual(before)
  })

  it('creates new items from the JSON shape, with no creator (imported)', async () => {
    const data = JSON.stringify([
      {
        item_number: '910001-1',
        name: 'Imported Tower',
        theme: 'Castle',
        year: 2024,
        type: 'set',
        original_msrp: '19.99',
      },
      { itemNumber: 'cas999', name: 'Imported Knight', theme: 'Castle', type: 'minifig', retired: 'true' },
    ])
    const response = await importJson(context.app, cookies.admin, { source: 'json', data, currency: 'GBP' })
    expect(importResultSchema.parse(response.json())).toMatchObject({ imported: 2, errorsTotal: 0 })
    expect(await item('910001-1')).toMatchObject({ msrp: '19.99', msrpCurrency: 'GBP', createdBy: null })
    expect(await item('cas999')).toMatchObject({ retired: true, createdBy: null, msrp: null })
    const listed = await context.app.inject({ url: '/api/items?query=Imported%20Tower' })
    expect(listed.json().items.map((found: { number: string }) => found.number)).toContain('910001-1')
  })

  it('puts Brickset’s regional retail prices on the sets they name', async () => {
    const response = await importUpload(context.app, cookies.admin, { source: 'brickset' }, [
      { name: 'sets.csv', content: fixture('brickset-sets.csv') },
    ])
    const result = importResultSchema.parse(response.json())
    expect(result).toMatchObject({ format: 'brickset-sets', updated: 1, skipped: 2 })
    const prices = await queryRows<{ region: string; amount: string }>(
      context.database.db,
      sql`select region, amount::text from retail_prices r join items i on i.id = r.item_id
        where i.number = '75192-1' order by region`,
    )
    // The file's DE price replaces the demo's; CA, which it does not give, stays.
    expect(prices).toEqual([
      { region: 'CA', amount: '1049.99' },
      { region: 'DE', amount: '799.99' },
      { region: 'UK', amount: '734.99' },
      { region: 'US', amount: '849.99' },
    ])
  })
})

describe('Rebrickable downloads, uploaded', () => {
  const themes = Buffer.from('id,name,parent_id\n9101,Uploaded Theme,\n')
  const sets = Buffer.from(
    'set_num,name,year,theme_id,num_parts,img_url\n' +
      '920001-1,Uploaded Set,2023,9101,120,\n' +
      '920002-1,Orphan Set,2023,424242,5,\n',
  )

  it('previews without writing, then imports several files sent together', async () => {
    const files = [
      { name: 'themes.csv', content: themes },
      { name: 'sets.csv', content: sets },
    ]
    const before = await tableChecksums(context.database.db)
    const preview = importPreviewSchema.parse(
      (
        await importUpload(context.app, cookies.admin, { source: 'rebrickable', mode: 'preview' }, files)
      ).json(),
    )
    expect(preview.counts).toMatchObject({ new: 2, rejected: 1 })
    expect(preview.issues).toEqual([
      expect.objectContaining({
        line: 3,
        status: 'rejected',
        message: 'sets.csv: theme_id 424242 is not in themes',
      }),
    ])
    expect(await tableChecksums(context.database.db)).toEqual(before)

    const result = importResultSchema.parse(
      (await importUpload(context.app, cookies.admin, { source: 'rebrickable' }, files)).json(),
    )
    expect(result).toMatchObject({ format: 'rebrickable-downloads', imported: 2, errorsTotal: 1 })
    expect(await item('920001-1')).toMatchObject({ theme: 'Uploaded Theme', themeId: 9101, pieces: 120 })
  })

  it('takes sets.csv alone when its themes are in the catalogue', async () => {
    const alone = Buffer.from(
      'set_num,name,year,theme_id,num_parts,img_url\n920003-1,Later Set,2024,9101,40,\n',
    )
    const response = await importUpload(context.app, cookies.admin, { source: 'rebrickable' }, [
      { name: 'sets.csv', content: alone },
    ])
    expect(importResultSchema.parse(response.json())).toMatchObject({ imported: 1, errorsTotal: 0 })
    expect(await item('920003-1')).toMatchObject({ theme: 'Uploaded Theme' })
  })
})
