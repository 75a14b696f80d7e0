import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { importPreviewSchema, importResultSchema } from '#shared/contract/imports.ts'
import { importJson } from '../support/imports.ts'
import { signUpPeople } from '../support/people.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Item numbers as collectors write them: `75192` finds 75192-1, case and spaces do not matter, a number
 * that names several items is asked about (never guessed) and an unknown one is listed with its line.
 */
const context = setupTestApp()
let cookies: Record<'admin' | 'user', string>
const ids: Record<string, number> = {}

// The demo catalogue has sw0001a (aliased fig-003512) and 75192-1 (aliased 75192); these add variants.
const CATALOGUE = [
  'item_number,name,theme,year,pieces,minifigures,original_msrp,type,retired',
  "383-1,Knight's Joust,Castle,1977,,,,set,true",
  "383-2,Knight's Joust,Castle,1977,,,,set,true",
  'sw0001b,Battle Droid with Red Markings,Star Wars,1999,,,,minifig,true',
  // Rebrickable has both: punctuation aside they are one number, as written they are two sets.
  '700.3-1,Gift Package,Samsonite,1961,,,,set,true',
  '7003-1,Service Station,Town,1990,,,,set,true',
].join('\n')

// A Rebrickable set list (its numbers are sets) and a BrickLink wanted list (its figures typed M, one untyped).
const SET_LIST = [
  'Set Number,Quantity,Includes Spares,Inventory ID',
  '383,1,True,1',
  '75192,1,False,4',
  '99999-9,1,False,6',
  '700.3-1,1,False,7',
  '7003-1,1,False,8',
].join('\n')

const item = (type: string, id: string, quantity: number) =>
  `<ITEM><ITEMTYPE>${type}</ITEMTYPE><ITEMID>${id}</ITEMID><COLOR>0</COLOR><MINQTY>${quantity}</MINQTY></ITEM>`
const WANTED_LIST = [
  '<INVENTORY>',
  item('M', 'sw0001', 2),
  item('M', 'SW 0001A', 1),
  item('', 'fig-003512', 3),
  '</INVENTORY>',
].join('\n')

beforeAll(async () => {
  cookies = await signUpPeople(context.app, context.database.db, ['admin', 'user'])
  const created = await importJson(context.app, cookies.admin, { source: 'csv', data: CATALOGUE })
  expect(created.statusCode, created.body).toBe(200)
  const rows = await queryRows<{ id: number; number: string }>(
    context.database.db,
    sql`select id, number from items where number in ('383-1', '383-2', 'sw0001a', 'sw0001b', '75192-1')`,
  )
  for (const row of rows) ids[row.number] = row.id
})

const setList = (payload: Record<string, unknown> = {}) =>
  importJson(context.app, cookies.user, {
    source: 'rebrickable',
    data: SET_LIST,
    conditionWhenUnknown: 'new',
    ...payload,
  })
const wantedList = (payload: Record<string, unknown> = {}) =>
  importJson(context.app, cookies.user, {
    source: 'bricklink',
    data: WANTED_LIST,
    currency: 'EUR',
    ...payload,
  })

describe('matching item numbers', () => {
  it('asks about numbers with several items, lists unknown ones with their lines, matches the rest', async () => {
    const sets = importPreviewSchema.parse((await setList({ mode: 'preview' })).json())
    expect(sets.counts).toMatchObject({ new: 3, ambiguous: 1, unknown: 1 })
    expect(sets.issues.map(({ line, number, status }) => ({ line, number, status }))).toEqual([
      { line: 2, number: '383', status: 'ambiguous' },
      { line: 4, number: '99999-9', status: 'unknown' },
    ])
    expect(sets.issues[0]?.candidates).toEqual([
      { id: ids['383-1'], type: 'set', number: '383-1', name: "Knight's Joust", year: 1977, imageUrl: null },
      { id: ids['383-2'], type: 'set', number: '383-2', name: "Knight's Joust", year: 1977, imageUrl: null },
    ])
    // By alias (the demo catalogue knows 75192-1 as 75192), and as written before punctuation aside.
    expect(sets.sample.map((row) => [row.number, row.item.number])).toEqual([
      ['75192', '75192-1'],
      ['700.3-1', '700.3-1'],
      ['7003-1', '7003-1'],
    ])

    const figures = importPreviewSchema.parse((await wantedList({ mode: 'preview' })).json())
    expect(figures.issues.map(({ line, number, status }) => ({ line, number, status }))).toEqual([
      { line: 2, number: 'sw0001', status: 'ambiguous' },
    ])
    expect(figures.issues[0]?.candidates?.map((candidate) => candidate.number)).toEqual([
      'sw0001a',
      'sw0001b',
    ])
    // Written exactly (case and spaces aside) it is not ambiguous; nor is an untyped alias.
    expect(figures.sample.map((row) => [row.number, row.item.number])).toEqual([
      ['SW 0001A', 'sw0001a'],
      ['fig-003512', 'sw0001a'],
    ])
  })

  it('imports an ambiguous number as the item the user chose for it', async () => {
    const sets = await setList({ resolutions: [{ number: '383', itemId: ids['383-2'] }] })
    expect(sets.statusCode, sets.body).toBe(200)
    const result = importResultSchema.parse(sets.json())
    expect(result).toMatchObject({ imported: 4, errorsTotal: 1 })
    expect(result.errors).toEqual([{ row: 4, message: 'No set in the catalogue has the number 99999-9.' }])
    const figures = await wantedList({ resolutions: [{ number: 'SW0001', itemId: ids.sw0001b }] })
    expect(importResultSchema.parse(figures.json())).toMatchObject({ imported: 3, errorsTotal: 0 })
    const chosen = await queryRows<{ number: string; quantity: number }>(
      context.database.db,
      sql`select i.number, c.quantity from collections c join items i on i.id = c.item_id
          where c.source = 'rebrickable-setlist' and i.number = '383-2'
        union all
        select i.number, w.quantity from wanted_items w join items i on i.id = w.item_id
          where w.source = 'bricklink-wanted' and i.number = 'sw0001b'
        order by 1`,
    )
    expect(chosen).toEqual([
      { number: '383-2', quantity: 1 },
      { number: 'sw0001b', quantity: 2 },
    ])
  })

  it('refuses a choice that is not one of the number’s candidates, writing nothing', async () => {
    const before = await tableChecksums(context.database.db)
    const response = await setList({ resolutions: [{ number: '383', itemId: ids['75192-1'] }] })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain('is not one of those the number could be')
    expect(await tableChecksums(context.database.db)).toEqual(before)
  })

  it('keeps every row that was not imported in the report, with the candidates', async () => {
    const result = importResultSchema.parse((await setList()).json())
    const report = await context.app.inject({ url: result.reportUrl, headers: { cookie: cookies.user } })
    expect(report.statusCode).toBe(200)
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = report.body.trim().split('\n')
    expect(lines[0]).toBe('line,number,name,status,message,candidates')
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      '2,383,,ambiguous',
      '4,99999-9,,unknown',
    ])
    expect(lines[1]).toContain(
      `383-1 Knight's Joust (id ${ids['383-1']}); 383-2 Knight's Joust (id ${ids['383-2']})`,
    )
    // Another user's import is as good as missing.
    const other = await context.app.inject({ url: result.reportUrl, headers: { cookie: cookies.admin } })
    expect(other.statusCode).toBe(404)
  })
})
