import { type SQL, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Database, queryRows } from '#server/db/client.ts'
import { nameWordPatterns, searchTerms } from '#server/modules/items/items.search.ts'
import type { Item, ItemDetail, LinkedItem, ListItemsQuery } from '#shared/contract/catalogue.ts'
import { normalizeCode, normalizeName } from '#shared/text.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * ADR 021 and 024: the in-memory catalogue answers search, the list pages and item pages as the SQL of ADR 003
 * and items.repo.ts answered them. That SQL is kept here, as it was, as the oracle: for every demo item's name as
 * it is typed (its prefixes), its number, its aliases and its name misspelt, for every filter the lists offer and
 * for every item's page, both must give the same items in the same order, with the same totals and fields.
 */
// Searches on the search thread, as main.ts runs them (ADR 025): its answers are the ones checked.
const context = setupTestApp({ searchThread: true })
const db = () => context.database.db

type Filters = Pick<ListItemsQuery, 'type' | 'themeId' | 'theme' | 'year' | 'set'>
type Page = Filters & { limit: number; offset: number }

/** `themeData` of the item whose theme is `t` and whose top-level theme is `r` (see themeJoins). */
const themeDataJson = sql`case when t.id is null then null else json_build_object(
    'name', t.name, 'category', t.root_name, 'era', coalesce(t.era, r.era),
    'complexity', coalesce(t.complexity, r.complexity), 'colorScheme', coalesce(t.color_scheme, r.color_scheme)
  ) end`

/** Joins `t` (the item's theme) and `r` (its top-level theme) for `themeDataJson`. */
const themeJoinsOn = (themeId: SQL) =>
  sql`left join themes t on t.id = ${themeId} left join themes r on r.id = t.path[1]`

/** `retailPrices` of the item with id `itemId`: its regional retail prices, by region. */
const retailPricesJson = (itemId: SQL) => sql`coalesce((select json_agg(json_build_object(
    'region', rp.region, 'amount', rp.amount::text, 'currency', rp.currency,
    'firstAvailable', rp.first_available::text, 'lastAvailable', rp.last_available::text) order by rp.region)
  from retail_prices rp where rp.item_id = ${itemId}), '[]'::json)`

const itemColumns = sql`
  i.id, i.type, i.name, i.number, i.slug, i.theme, i.theme_id as "themeId", i.year, i.pieces, i.minifigures,
  i.original_msrp as "originalMsrp", ${retailPricesJson(sql`i.id`)} as "retailPrices",
  i.image_url as "imageUrl", i.variant_of as "variantOf",
  to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  ${themeDataJson} as "themeData"`
const themeJoins = themeJoinsOn(sql`i.theme_id`)

function filterConditions(filters: Filters): SQL[] {
  const conditions: SQL[] = []
  if (filters.type) conditions.push(sql`i.type = ${filters.type}`)
  if (filters.year !== undefined) conditions.push(sql`i.year = ${filters.year}`)
  if (filters.themeId !== undefined)
    conditions.push(sql`i.theme_id in (select id from themes where path @> array[${filters.themeId}::int])`)
  if (filters.theme !== undefined)
    conditions.push(sql`(i.theme = ${filters.theme} or i.theme_id in (
      select sub.id from themes named join themes sub on sub.path @> array[named.id] where named.name = ${filters.theme}))`)
  if (filters.set !== undefined) {
    const code = normalizeCode(filters.set)
    conditions.push(sql`i.id in (select l.minifig_id from set_minifigures l join items s on s.id = l.set_id
      where s.type = 'set' and s.normalized_code in (${code}, ${`${code}-1`}))`)
  }
  return conditions
}

const whereClause = (conditions: SQL[]) =>
  conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`

async function sqlList(database: Database, query: Page) {
  const where = whereClause(filterConditions(query))
  const items = await queryRows<Item>(
    database,
    sql`with page as (
        select i.id, row_number() over (order by i.year desc nulls last, i.number) as position from items i ${where}
        order by i.year desc nulls last, i.number limit ${query.limit} offset ${query.offset})
      select ${itemColumns} from page join items i on i.id = page.id ${themeJoins} order by page.position`,
  )
  const [counted] = await queryRows<{ total: number }>(
    database,
    sql`select count(*)::int as total from items i ${where}`,
  )
  return { items, total: counted?.total ?? 0 }
}

async function sqlSearch(
  database: Database,
  text: string,
  query: Page,
): Promise<{ items: Item[]; total: number }> {
  const { code, name } = searchTerms(text)
  if (!code && !name) return { items: [], total: 0 }
  const wanted = query.offset + query.limit
  const candidates: SQL[] = []
  if (code) {
    candidates.push(sql`select id, 0 as rank, 1::numeric as score from items
      where normalized_code = ${code} or normalized_code = ${`${code}-1`}`)
    candidates.push(
      sql`select id, 1 as rank, 1::numeric as score from items where normalized_code like ${`${code}%`}`,
    )
  }
  if (name)
    candidates.push(sql`select item_id as id, 0 as rank, 1::numeric as score from item_aliases
      where normalized_alias = ${name}`)
  let textual = sql`select null::int as id, 2 as rank, 0::numeric as score where false`
  if (name.length >= 3) {
    const words = nameWordPatterns(name).map((pattern) => sql`normalized_name like ${pattern}`)
    textual = sql`select id, 2 as rank, 2 + case when normalized_name like ${`%${name}%`} then 0.5 else 0 end as score
      from items where ${sql.join(words, sql` and `)}`
    candidates.push(sql`select * from textual`)
    candidates.push(sql`select id, 2 as rank, round(word_similarity(${name}, normalized_name)::numeric, 1) as score
      from items where ${name} <% normalized_name and (select count(*) from textual) < ${wanted}`)
    candidates.push(sql`select item_id as id, 2 as rank, round(similarity(${name}, normalized_alias)::numeric, 1) as score
      from item_aliases where normalized_alias % ${name}`)
  } else if (name) {
    candidates.push(
      sql`select id, 2 as rank, 1::numeric as score from items where normalized_name like ${`${name}%`}`,
    )
  }
  const rows = await queryRows<Item & { total: number }>(
    database,
    sql`with textual as materialized (${textual}),
        candidates as (${sql.join(candidates, sql` union all `)}),
        best as (select id, min(rank) as rank, max(score) as score from candidates group by id),
        page as (
          select b.id, count(*) over () as total,
            row_number() over (order by b.rank, b.score desc, coalesce(i.pieces, 0) desc, length(i.normalized_name),
              i.year desc nulls last, i.id) as position
          from best b join items i on i.id = b.id
          ${whereClause(filterConditions(query))}
          order by position limit ${query.limit} offset ${query.offset})
      select ${itemColumns}, page.total::int as total
      from page join items i on i.id = page.id ${themeJoins}
      order by page.position`,
  )
  const total =
    rows[0]?.total ??
    (query.offset > 0 ? (await sqlSearch(database, text, { ...query, offset: 0, limit: 1 })).total : 0)
  return { items: rows.map(({ total: _total, ...item }) => item), total }
}

const linkedItem = (quantity: SQL) =>
  sql`json_build_object('id', o.id, 'type', o.type, 'number', o.number, 'name', o.name, 'slug', o.slug,
    'year', o.year, 'imageUrl', o.image_url, 'quantity', ${quantity})`

/** An item's page as items.repo.ts read it before ADR 024, in one round trip. */
async function sqlPage(database: Database, slug: string): Promise<ItemDetail | undefined> {
  const [found] = await queryRows<
    Item & {
      metadata: Record<string, unknown> | null
      aliases: string[]
      createdBy: string | null
      linkedMinifigures: LinkedItem[]
      linkedSets: LinkedItem[]
      variants: LinkedItem[]
    }
  >(
    database,
    sql`select ${itemColumns}, i.metadata, i.created_by as "createdBy",
        coalesce((select array_agg(a.alias_text order by a.id) from item_aliases a where a.item_id = i.id), '{}') as aliases,
        coalesce((select json_agg(${linkedItem(sql`l.quantity`)} order by o.number)
          from set_minifigures l join items o on o.id = l.minifig_id where l.set_id = i.id), '[]') as "linkedMinifigures",
        coalesce((select json_agg(${linkedItem(sql`l.quantity`)} order by o.year nulls last, o.number)
          from set_minifigures l join items o on o.id = l.set_id where l.minifig_id = i.id), '[]') as "linkedSets",
        coalesce((select json_agg(${linkedItem(sql`1`)} order by o.year nulls last, o.number)
          from items o where o.variant_of = i.id), '[]') as variants
      from items i ${themeJoins} where i.slug = ${slug}`,
  )
  if (!found) return undefined
  const { linkedMinifigures: minifigures, linkedSets: sets, variants, ...item } = found
  const linkedCount = minifigures.reduce((sum, link) => sum + link.quantity, 0)
  return {
    ...item,
    minifigureCount: item.type === 'set' ? (item.minifigures ?? linkedCount) : sets.length,
    setLinks: { minifigures, sets },
    variants,
  }
}

const parameters = (page: Page & { query?: string }) =>
  new URLSearchParams(
    Object.entries(page).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  ).toString()

async function listed(page: Page & { query?: string }) {
  const response = await context.app.inject({ url: `/api/items?${parameters(page)}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { items: Item[]; total: number }
}

/**
 * Typing order: a name's prefixes, the name itself, its words the other way round (every word, not the phrase),
 * and the name misspelt (a letter dropped, two swapped).
 */
function typed(name: string): string[] {
  const lower = name.toLowerCase()
  const middle = Math.floor(lower.length / 2)
  return [
    lower.split(' ').reverse().join(' '),
    ...[2, 4, 7, 11].filter((length) => length < lower.length).map((length) => lower.slice(0, length)),
    lower,
    lower.slice(0, middle) + lower.slice(middle + 1),
    lower.slice(0, middle - 1) + (lower[middle] ?? '') + (lower[middle - 1] ?? '') + lower.slice(middle + 1),
  ]
}

let queries: string[] = []
let lists: Page[] = []

/** Beside the demo catalogue, items that only ADR 003's finer rules tell apart (phrase, short words, ties). */
const EXTRA: [
  type: string,
  number: string,
  name: string,
  themeId: number | null,
  year: number,
  pieces: number,
][] = [
  ['set', '930101-1', 'Falcon Millennium Edition', 158, 2020, 10],
  ['set', '930102-1', 'At at Walker', 158, 2010, 100],
  ['set', '930103-1', 'Kings Castle', null, 1990, 674],
  ['set', '930104-1', 'Kings Castle', null, 1984, 674],
  ['minifig', 'tst-0001', 'Millennium Falcon Pilot', 158, 2017, 0],
]

beforeAll(async () => {
  for (const [type, number, name, themeId, year, pieces] of EXTRA) {
    await db().execute(sql`insert into items (type, name, normalized_name, number, normalized_code, slug, theme,
        theme_id, year, pieces)
      values (${type}, ${name}, ${normalizeName(name)}, ${number}, ${normalizeCode(number)}, ${number},
        'Star Wars', ${themeId}, ${year}, ${pieces})`)
  }
  // What only an item's page shows: a variant, metadata, its creator, a second alias, a figure twice in a set.
  const extra = (number: string) => sql`(select id from items where number = ${number})`
  await db().execute(sql`update items set variant_of = ${extra('930103-1')} where number = '930104-1'`)
  await db().execute(sql`update items set variant_of = ${extra('930103-1')}, metadata = '{"box": "sealed", "bags": [1, 2]}',
      created_by = (select id from users order by created_at limit 1)
    where number = '930101-1'`)
  await db().execute(sql`insert into item_aliases (item_id, alias_text, normalized_alias)
    select item_id, 'The "Falcon"', 'the falcon' from item_aliases order by id limit 1`)
  await db().execute(sql`insert into set_minifigures (set_id, minifig_id, quantity)
    values (${extra('930101-1')}, ${extra('tst-0001')}, 2), (${extra('930102-1')}, ${extra('tst-0001')}, 1)`)
  await context.app.readCache.clear() // as a catalogue write announces itself
  await context.app.catalogue.searchThreadReady()
  const items = await queryRows<{ name: string; number: string }>(
    db(),
    sql`select name, number from items order by id`,
  )
  const aliases = await queryRows<{ alias: string }>(db(), sql`select alias_text as alias from item_aliases`)
  queries = [
    ...new Set(
      [
        ...items.flatMap((item) => [...typed(item.name), item.number, item.number.slice(0, 3)]),
        ...aliases.map((row) => row.alias),
        ...['millenium falcon', 'at-at', 'x wing', 'r2 d2', 'a b', 'star', '!!', '7'],
      ].map((query) => query.slice(0, 100)), // the contract's longest query
    ),
  ]
  const themeYears = await queryRows<{ themeId: number | null; year: number | null }>(
    db(),
    sql`select t.path[1] as "themeId", i.year from items i join themes t on t.id = i.theme_id
      where i.type = 'set' group by grouping sets ((1, 2), (1), (2))`,
  )
  const themes = await queryRows<{ theme: string }>(db(), sql`select distinct theme from items`)
  const sets = await queryRows<{ number: string }>(
    db(),
    sql`select distinct s.number from items s join set_minifigures l on l.set_id = s.id`,
  )
  lists = [
    { limit: 50, offset: 0 },
    { limit: 7, offset: 30 },
    { limit: 5, offset: 1000 },
    { type: 'minifig', limit: 1000, offset: 0 },
    ...themeYears.map(({ themeId, year }) => ({
      type: 'set' as const,
      themeId: themeId ?? undefined,
      year: year ?? undefined,
      limit: 50,
      offset: 0,
    })),
    ...themes.map(({ theme }) => ({ type: 'minifig' as const, theme, limit: 50, offset: 0 })),
    ...sets.flatMap(({ number }) => [
      { type: 'minifig' as const, set: number, limit: 50, offset: 0 },
      { set: number.replace(/-1$/, ''), limit: 2, offset: 1 },
    ]),
  ]
})

describe('the in-memory catalogue and the SQL it replaced', () => {
  it('rank every query alike, quick search and catalogue search, with the same totals and fields', async () => {
    expect(queries.length).toBeGreaterThan(300)
    for (const [index, text] of queries.entries()) {
      const pages: Page[] = [{ limit: 10, offset: 0 }]
      if (index % 5 === 0)
        pages.push({ type: 'set', limit: 3, offset: 2 }, { year: 2017, limit: 50, offset: 0 })
      for (const page of pages) {
        const expected = await sqlSearch(db(), text, page)
        expect(await listed({ ...page, query: text }), `${text} ${JSON.stringify(page)}`).toEqual(expected)
      }
      const quick = await context.app.inject({ url: `/api/search/items?query=${encodeURIComponent(text)}` })
      const expectedIds = (await sqlSearch(db(), text, { limit: 10, offset: 0 })).items.map((item) => item.id)
      if (text.trim())
        expect(
          quick.json().results.map((result: Item) => result.id),
          text,
        ).toEqual(expectedIds)
    }
    // One search at a time: the thread answered every one.
    const { thread, here } = context.app.catalogue.searchesAnswered
    expect(here).toBe(0)
    expect(thread).toBeGreaterThan(queries.length)
  }, 120_000)

  it('show every item’s page alike: aliases, links both ways, variants, metadata and creator', async () => {
    const slugs = await queryRows<{ slug: string }>(db(), sql`select slug from items order by id`)
    expect(slugs.length).toBeGreaterThan(30)
    for (const { slug } of slugs) {
      const response = await context.app.inject({ url: `/api/items/slug/${encodeURIComponent(slug)}` })
      expect(response.statusCode, slug).toBe(200)
      expect(response.json(), slug).toEqual(await sqlPage(db(), slug))
    }
    const extras = await Promise.all(
      ['930103-1', '930101-1', 'tst-0001'].map(async (number) => {
        const [row] = await queryRows<{ slug: string }>(
          db(),
          sql`select slug from items where number = ${number}`,
        )
        return (await context.app.inject({ url: `/api/items/slug/${row?.slug}` })).json() as ItemDetail
      }),
    )
    const [castle, falcon, pilot] = extras as [ItemDetail, ItemDetail, ItemDetail]
    expect(castle.variants.map((variant) => variant.number)).toEqual(['930104-1', '930101-1'])
    expect(falcon.metadata).toEqual({ box: 'sealed', bags: [1, 2] })
    expect(falcon.createdBy).toEqual(expect.any(String))
    expect(falcon.setLinks.minifigures).toMatchObject([{ number: 'tst-0001', quantity: 2 }])
    expect(pilot.setLinks.sets.map((set) => set.number)).toEqual(['930102-1', '930101-1'])
    expect(pilot.minifigureCount).toBe(2)
    const unknown = await context.app.inject({ url: '/api/items/slug/no-such-item' })
    expect(unknown.statusCode).toBe(404)
  }, 60_000)

  it('list every filter alike, page by page', async () => {
    expect(lists.length).toBeGreaterThan(30)
    for (const page of lists)
      expect(await listed(page), JSON.stringify(page)).toEqual(await sqlList(db(), page))
  }, 60_000)
})
