import { describe, expect, it } from 'vitest'
import { demoMinifigs, demoSets } from '#server/db/seed/demo-catalogue.ts'
import {
  conditionsResponseSchema,
  itemDetailSchema,
  listItemsResponseSchema,
  searchItemsResponseSchema,
  themesResponseSchema,
} from '#shared/contract/catalogue.ts'
import { errorResponseSchema } from '#shared/contract/common.ts'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp()
const get = (url: string) => context.app.inject({ method: 'GET', url })

async function getJson<T>(url: string, schema: { parse: (value: unknown) => T }, status = 200): Promise<T> {
  const response = await get(url)
  expect(response.statusCode, response.body).toBe(status)
  return schema.parse(response.json())
}

const STAR_WARS = 158
const ULTIMATE_COLLECTOR_SERIES = 171

describe('GET /api/items', () => {
  it('lists the catalogue 50 at a time with the total', async () => {
    const body = await getJson('/api/items', listItemsResponseSchema)
    expect(body.total).toBe(demoSets.length + demoMinifigs.length)
    expect(body.items).toHaveLength(50)
  })

  it('pages through sets with limit and offset, newest first', async () => {
    const first = await getJson('/api/items?type=set&limit=5', listItemsResponseSchema)
    const second = await getJson('/api/items?type=set&limit=5&offset=5', listItemsResponseSchema)
    expect(first.total).toBe(demoSets.length)
    expect(first.items.every((item) => item.type === 'set')).toBe(true)
    const ids = [...first.items, ...second.items].map((item) => item.id)
    expect(new Set(ids).size).toBe(10)
    const years = [...first.items, ...second.items].map((item) => item.year ?? 0)
    expect(years).toEqual([...years].sort((a, b) => b - a))
  })

  it('filters sets by a theme including its sub-themes, with theme badge data', async () => {
    const body = await getJson(`/api/items?type=set&themeId=${STAR_WARS}&limit=1000`, listItemsResponseSchema)
    const expected = demoSets.filter((set) => [STAR_WARS, ULTIMATE_COLLECTOR_SERIES].includes(set.themeId))
    expect(body.total).toBeGreaterThanOrEqual(expected.length)
    expect(body.items.map((item) => item.number)).toEqual(
      expect.arrayContaining(expected.map((set) => set.number)),
    )
    for (const item of body.items) expect(item.themeData?.category).toBe('Star Wars')
    const ucs = body.items.find((item) => item.number === '75192-1')
    expect(ucs?.theme).toBe('Ultimate Collector Series')
    expect(ucs?.themeData).toMatchObject({ name: 'Ultimate Collector Series', category: 'Star Wars' })
    expect(ucs?.themeData?.era).toBeTruthy()
  })

  it('filters minifigures by theme name and sets by year', async () => {
    const figures = await getJson(
      '/api/items?type=minifig&theme=Star%20Wars&limit=1000',
      listItemsResponseSchema,
    )
    expect(figures.total).toBeGreaterThan(0)
    expect(
      figures.items.every((item) => item.type === 'minifig' && item.themeData?.category === 'Star Wars'),
    ).toBe(true)
    const of2017 = await getJson('/api/items?type=set&year=2017', listItemsResponseSchema)
    expect(of2017.items.map((item) => item.number)).toContain('75192-1')
    expect(of2017.items.every((item) => item.year === 2017)).toBe(true)
  })

  it('treats empty filters as "all", as a form with All Themes and All Years sends them', async () => {
    const body = await getJson(
      '/api/items?type=&year=&themeId=&theme=&query=&limit=1',
      listItemsResponseSchema,
    )
    expect(body.total).toBe(demoSets.length + demoMinifigs.length)
  })

  it('answers the search call ?query=&limit=10 ranked, exact number first', async () => {
    const body = await getJson('/api/items?query=75192&limit=10', listItemsResponseSchema)
    expect(body.items[0]).toMatchObject({
      number: '75192-1',
      name: 'Millennium Falcon',
      originalMsrp: '734.99',
    })
  })

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=1001', 'limit must be at most 1000'],
    ['limit=ten', 'limit must be a whole number'],
    ['offset=-1', 'offset must be at least 0'],
    ['year=19x', 'year must be a whole number'],
    ['type=brick', "type must be 'set' or 'minifig'"],
    ['themeId=0', 'themeId must be at least 1'],
    ['limit=1&limit=2', 'limit must be a whole number'],
    [`query=${'x'.repeat(101)}`, 'query must be at most 100 characters'],
  ])('refuses %s with a readable 400', async (query, message) => {
    const body = await getJson(`/api/items?${query}`, errorResponseSchema, 400)
    expect(body.message).toBe(message)
    expect(body.code).toBe('VALIDATION_ERROR')
  })
})

describe('GET /api/items/slug/:slug', () => {
  it('returns a set with theme data, its minifigures and their count', async () => {
    const item = await getJson('/api/items/slug/75192-1-millennium-falcon', itemDetailSchema)
    expect(item).toMatchObject({ number: '75192-1', type: 'set', year: 2017, pieces: 7541 })
    expect(item.themeData).toMatchObject({ name: 'Ultimate Collector Series', category: 'Star Wars' })
    expect(item.aliases).toContain('75192')
    expect(item.minifigureCount).toBeGreaterThan(0)
    expect(item.setLinks.sets).toEqual([])
  })

  it('returns a minifigure with the sets it appears in', async () => {
    const list = await getJson('/api/items?type=minifig&limit=1000', listItemsResponseSchema)
    const slugs = list.items.map((item) => item.slug)
    const details = await Promise.all(
      slugs.map((slug) => getJson(`/api/items/slug/${slug}`, itemDetailSchema)),
    )
    const linked = details.find((detail) => detail.setLinks.sets.length > 0)
    expect(linked).toBeDefined()
    expect(linked?.minifigureCount).toBe(linked?.setLinks.sets.length)
    for (const set of linked?.setLinks.sets ?? []) expect(set.type).toBe('set')
  })

  it('answers 404 Item not found for an unknown slug', async () => {
    const response = await get('/api/items/slug/does-not-exist')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ message: 'Item not found' })
  })
})

describe('GET /api/search/items', () => {
  it.each([
    ['75192', (_name: string, number: string) => number === '75192-1'],
    ['falcon', (name: string) => name.includes('Millennium Falcon')],
    ['millenium falcon', (name: string) => name.includes('Millennium Falcon')],
    ['sw0001', (_name: string, number: string) => number.startsWith('sw0001')],
    ['hogwarts', (name: string) => name.includes('Hogwarts')],
  ])('finds what a collector means by %s', async (query, isWanted) => {
    const body = await getJson(
      `/api/search/items?query=${encodeURIComponent(query)}`,
      searchItemsResponseSchema,
    )
    const [first] = body.results
    expect(first, `no result for ${query}`).toBeDefined()
    expect(isWanted(first?.name ?? '', first?.code ?? '')).toBe(true)
    expect(first?.slug).toMatch(/^[a-z0-9-]+$/)
  })

  it('limits results to 10 by default and to the limit given', async () => {
    const many = await getJson('/api/search/items?query=a', searchItemsResponseSchema)
    expect(many.results.length).toBeLessThanOrEqual(10)
    const three = await getJson('/api/search/items?query=star&limit=3', searchItemsResponseSchema)
    expect(three.results).toHaveLength(3)
  })

  it('returns no results for punctuation only', async () => {
    const body = await getJson('/api/search/items?query=%21%21', searchItemsResponseSchema)
    expect(body.results).toEqual([])
  })

  it.each([
    ['', 'query is required'],
    ['query=', 'query must be at least 1 character'],
    ['query=falcon&limit=51', 'limit must be at most 50'],
    ['query=falcon&limit=0', 'limit must be at least 1'],
  ])('refuses "%s" with a readable 400', async (query, message) => {
    const body = await getJson(`/api/search/items?${query}`, errorResponseSchema, 400)
    expect(body.message).toBe(message)
  })
})

describe('GET /api/themes', () => {
  it('lists themes with their top-level category', async () => {
    const themes = await getJson('/api/themes', themesResponseSchema)
    expect(themes.find((theme) => theme.id === STAR_WARS)).toMatchObject({
      name: 'Star Wars',
      category: 'Star Wars',
    })
    expect(themes.find((theme) => theme.id === ULTIMATE_COLLECTOR_SERIES)).toMatchObject({
      parentId: STAR_WARS,
      category: 'Star Wars',
    })
    expect(new Set(themes.map((theme) => theme.category)).size).toBeGreaterThanOrEqual(8)
  })
})

describe('GET /api/conditions', () => {
  it('lists set conditions with a new/used grade', async () => {
    const conditions = await getJson('/api/conditions?category=set', conditionsResponseSchema)
    expect(conditions.map((condition) => condition.label)).toEqual([
      'New/Sealed',
      'New/Open box',
      'Used/Complete',
      'Used/Incomplete',
    ])
    expect(conditions.map((condition) => condition.grade)).toEqual(['new', 'new', 'used', 'used'])
  })

  it('lists minifigure conditions', async () => {
    const conditions = await getJson('/api/conditions?category=minifig', conditionsResponseSchema)
    expect(conditions.map((condition) => [condition.label, condition.grade])).toEqual([
      ['New', 'new'],
      ['Used', 'used'],
    ])
  })

  it('refuses an unknown category', async () => {
    const body = await getJson('/api/conditions?category=brick', errorResponseSchema, 400)
    expect(body.message).toBe("category must be 'set' or 'minifig'")
  })
})

describe('the rest of the server', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await get('/api/nothing-here')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ message: 'Not found' })
  })

  it('reports health and readiness', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' })
    expect((await get('/readyz')).json()).toEqual({ status: 'ready' })
  })
})

describe('read cache', () => {
  it('serves a repeated catalogue read from memory, and never caches an error', async () => {
    const { buildApp } = await import('#server/app.ts')
    const cached = await buildApp({ db: context.database.db, readCacheTtlMs: 60_000 })
    try {
      const url = '/api/search/items?query=falcon&limit=5'
      const first = await cached.inject({ url })
      const second = await cached.inject({ url: '/api/search/items?limit=5&query=falcon' })
      expect(first.headers['x-cache']).toBe('miss')
      expect(second.headers['x-cache']).toBe('hit')
      expect(second.body).toBe(first.body)
      expect(second.headers['content-type']).toContain('application/json')
      expect((await cached.inject({ url: '/api/items/slug/nope' })).statusCode).toBe(404)
      expect((await cached.inject({ url: '/api/items/slug/nope' })).statusCode).toBe(404)
    } finally {
      await cached.close()
    }
  })
})
