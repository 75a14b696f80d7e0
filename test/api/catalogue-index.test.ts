import { type SQL, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type App, buildApp } from '#server/app.ts'
import { type DatabaseHandle, notify, openDatabase, queryRows } from '#server/db/client.ts'
import { READ_CACHE_CHANNEL } from '#server/lib/read-cache.ts'
import { type Item, listItemsResponseSchema, searchItemsResponseSchema } from '#shared/contract/catalogue.ts'
import { normalizeCode, normalizeName } from '#shared/text.ts'
import { signUpPeople } from '../support/people.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * ADR 021: the catalogue's search and list pages come from an index in each instance's memory. A change made
 * through one instance, or written straight to the database and announced (as the command-line importer
 * does), is in the answers of every instance: at once in the one that made it, and within moments in the
 * others (they hear of it on READ_CACHE_CHANNEL).
 */
const context = setupTestApp()
const onPostgres = inject('databaseDriver') === 'postgres'
/** A second instance on the same database: its own pool and listener on PostgreSQL. */
let other: App
let otherDatabase: DatabaseHandle | undefined
let people: Record<'admin', string>

beforeAll(async () => {
  people = await signUpPeople(context.app, context.database.db, ['admin'])
  const url = (context.database as { url?: string }).url
  otherDatabase = url ? await openDatabase({ driver: 'postgres', url, poolMax: 2 }) : undefined
  const handle = otherDatabase ?? context.database
  other = await buildApp({ db: handle.db, listen: handle.listen, recompute: { run: false } })
  await other.ready()
})

afterAll(async () => {
  await other?.close()
  await otherDatabase?.close()
})

const db = () => context.database.db

async function searchIds(app: App, query: string): Promise<number[]> {
  const response = await app.inject({ url: `/api/search/items?query=${encodeURIComponent(query)}&limit=50` })
  expect(response.statusCode, response.body).toBe(200)
  return searchItemsResponseSchema.parse(response.json()).results.map((result) => result.id)
}

async function list(app: App, query: string): Promise<{ items: Item[]; total: number }> {
  const response = await app.inject({ url: `/api/items?${query}` })
  expect(response.statusCode, response.body).toBe(200)
  return listItemsResponseSchema.parse(response.json())
}

/** The other instance hears of a change a moment after it is made (at once on PGlite: one connection). */
async function eventually(check: () => Promise<void>, withinMs = 3000): Promise<void> {
  const deadline = Date.now() + withinMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  context.app.inject({ method, url, headers: { cookie: people.admin }, payload })

/** Writes as the command-line importer does: straight to the database, then the announcement. */
async function writeBehindTheApps(...statements: SQL[]): Promise<void> {
  for (const statement of statements) await db().execute(statement)
  await notify(db(), READ_CACHE_CHANNEL, '')
}

async function insertItem(fields: {
  type: 'set' | 'minifig'
  number: string
  name: string
  themeId?: number
}) {
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`insert into items (type, name, normalized_name, number, normalized_code, slug, theme, theme_id, year, pieces)
      values (${fields.type}, ${fields.name}, ${normalizeName(fields.name)}, ${fields.number},
        ${normalizeCode(fields.number)}, ${`${fields.number}-test`}, 'Test', ${fields.themeId ?? null}, 2024, 99)
      returning id`,
  )
  return row?.id as number
}

describe('the catalogue index in two instances', () => {
  it('finds an item added, renamed and deleted through one instance in both, at once in the one', async () => {
    const added = await write('POST', '/api/items', {
      type: 'set',
      name: 'Quasar Quarry',
      number: '930001-1',
      theme: 'City',
      year: 2021,
      pieces: 512,
    })
    expect(added.statusCode, added.body).toBe(201)
    const { id } = added.json()
    expect(await searchIds(context.app, 'quasar quarry')).toEqual([id])
    expect((await list(context.app, 'type=set&year=2021&limit=1000')).items.map((item) => item.id)).toContain(
      id,
    )
    await eventually(async () => expect(await searchIds(other, 'quasar quar')).toEqual([id]))

    const renamed = await write('PUT', `/api/items/${id}`, {
      type: 'set',
      name: 'Nebula Narrows',
      number: '930001-1',
      theme: 'City',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(await searchIds(context.app, 'nebula narrows')).toEqual([id])
    expect(await searchIds(context.app, 'quasar quarry')).toEqual([])
    await eventually(async () => {
      expect(await searchIds(other, 'nebula narrows')).toEqual([id])
      const [shown] = (await list(other, 'query=930001&limit=1')).items
      expect(shown).toMatchObject({ id, name: 'Nebula Narrows', year: 2021, pieces: 512 })
    })

    expect((await write('DELETE', `/api/items/${id}`)).statusCode).toBe(204)
    expect(await searchIds(context.app, 'nebula narrows')).toEqual([])
    await eventually(async () => {
      expect(await searchIds(other, '930001')).toEqual([])
      expect((await list(other, 'type=set&year=2021&limit=1000')).items.map((item) => item.id)).not.toContain(
        id,
      )
    })
  })

  it('follows aliases, set links, themes and retail prices written straight to the database', async () => {
    const setId = await insertItem({ type: 'set', number: '930002-1', name: 'Orbit Outpost', themeId: 158 })
    const figureId = await insertItem({ type: 'minifig', number: 'tst0001', name: 'Orbit Technician' })
    await writeBehindTheApps(
      sql`insert into item_aliases (item_id, alias_text, normalized_alias) values (${figureId}, 'ORB-7', 'orb 7')`,
      sql`insert into set_minifigures (set_id, minifig_id, quantity) values (${setId}, ${figureId}, 2)`,
      sql`insert into retail_prices (item_id, region, amount, currency, source)
        values (${setId}, 'US', 19.99, 'USD', 'test')`,
      sql`insert into themes (id, name, parent_id, path, root_name, era) values (93001, 'Test Orbits', null,
        array[93001], 'Test Orbits', 'Space Age')`,
      sql`update items set theme_id = 93001 where id = ${setId}`,
    )
    for (const app of [context.app, other]) {
      await eventually(async () => {
        expect((await searchIds(app, 'ORB-7'))[0]).toBe(figureId)
        expect((await list(app, 'set=930002&type=minifig')).items.map((item) => item.id)).toEqual([figureId])
        const [set] = (await list(app, 'themeId=93001')).items
        expect(set).toMatchObject({
          id: setId,
          themeId: 93001,
          themeData: { name: 'Test Orbits', category: 'Test Orbits', era: 'Space Age' },
          retailPrices: [
            { region: 'US', amount: '19.99', currency: 'USD', firstAvailable: null, lastAvailable: null },
          ],
        })
      })
    }

    // A sub-theme is listed with its parent; a theme's own badge data changes with it.
    const subId = await insertItem({ type: 'set', number: '930003-1', name: 'Orbit Annex' })
    await writeBehindTheApps(
      sql`insert into themes (id, name, parent_id, path, root_name) values (93002, 'Test Moons', 93001,
        array[93001, 93002], 'Test Orbits')`,
      sql`update items set theme_id = 93002 where id = ${subId}`,
      sql`update themes set era = 'Atomic Age' where id = 93001`,
      sql`delete from items where id = ${figureId}`,
    )
    for (const app of [context.app, other]) {
      await eventually(async () => {
        const listed = await list(app, 'themeId=93001')
        expect(listed.items.map((item) => item.id).sort()).toEqual([setId, subId].sort())
        expect(listed.items.map((item) => item.themeData?.era)).toEqual(['Atomic Age', 'Atomic Age'])
        expect(await searchIds(app, 'orbit technician')).toEqual([])
        expect((await list(app, 'set=930002-1')).total).toBe(0)
      })
    }
  })

  it.skipIf(!onPostgres)(
    'misses no item of a transaction that began before a refresh and committed after it',
    async () => {
      const url = (context.database as { url?: string }).url as string
      const slow = new pg.Client({ connectionString: url })
      await slow.connect()
      try {
        await slow.query('begin')
        await slow.query(
          `insert into items (type, name, normalized_name, number, normalized_code, slug, theme)
          values ('set', 'Slow Zephyrine', 'slow zephyrine', '930004-1', '930004-1', '930004-1-slow', 'Test')`,
        )
        // Meanwhile another change: both instances read what was written up to now, and move on.
        const quick = await insertItem({ type: 'set', number: '930005-1', name: 'Quick Zephyrine' })
        await notify(db(), READ_CACHE_CHANNEL, '')
        await eventually(async () => expect(await searchIds(other, 'zephyrine')).toEqual([quick]))
        await slow.query('commit')
        await notify(db(), READ_CACHE_CHANNEL, '')
        await eventually(async () => expect(await searchIds(other, 'zephyrine')).toHaveLength(2))
        expect(await searchIds(context.app, 'zephyrine')).toHaveLength(2)
      } finally {
        await slow.end()
      }
    },
  )
})
