import { describe, expect, it } from 'vitest'
import { normalizeCode, normalizeName } from '#shared/text.ts'
import { CatalogueIndex, type IndexedItem } from './items.index.ts'
import { searchTerms } from './items.search.ts'

type Row = [
  id: number,
  type: 'set' | 'minifig',
  number: string,
  name: string,
  themeId: number | null,
  year: number | null,
  pieces: number | null,
]

// A small catalogue whose every row earns its place in one rule of ADR 003 or of the list filters.
const ROWS: Row[] = [
  [1, 'set', '75192-1', 'Millennium Falcon', 171, 2017, 7541],
  [2, 'set', '75257-1', 'Millennium Falcon', 158, 2019, 1351],
  [3, 'minifig', 'sw0001a', 'Falcon Pilot', 158, 1999, null],
  [4, 'set', '75192-10', 'Falcon Millennium Edition', 158, 2020, 10],
  [5, 'set', '10497-1', 'Galaxy Explorer', 500, 2022, 1254],
  [6, 'minifig', 'sw0002', 'Han Solo', 158, 2017, null],
  [7, 'set', '7519-1', 'Mini Falcon', 158, null, 50],
  [8, 'set', '6080-1', 'King’s Castle', 600, 1984, 674],
  [9, 'set', '6081-1', 'Kings Castle', 600, 1984, 674],
  [10, 'set', '9001-1', 'At at Walker', 158, 2010, 100],
  [11, 'set', '6082-1', 'Kings Castle', 600, 1990, 674],
]

const THEMES = [
  { id: 158, name: 'Star Wars', path: [158] },
  { id: 171, name: 'Ultimate Collector Series', path: [158, 171] },
  { id: 500, name: 'Space', path: [500] },
  { id: 600, name: 'Castle', path: [600] },
]

const items: IndexedItem[] = ROWS.map(([id, type, number, name, themeId, year, pieces]) => ({
  id,
  type,
  number,
  normalizedName: normalizeName(name),
  normalizedCode: normalizeCode(number),
  theme: THEMES.find((theme) => theme.id === themeId)?.name ?? '',
  themeId,
  year,
  pieces,
}))

// The database's order: year desc (none last), then number as a C collation compares it.
const listOrder = [...items]
  .sort((a, b) => (b.year ?? -1) - (a.year ?? -1) || (a.number < b.number ? -1 : a.number > b.number ? 1 : 0))
  .map((item) => item.id)

const index = new CatalogueIndex({
  items,
  listOrder,
  aliases: [{ itemId: 3, normalizedAlias: normalizeName('fig-003512') }],
  links: [
    { setId: 1, minifigId: 3 },
    { setId: 1, minifigId: 6 },
    { setId: 2, minifigId: 6 },
  ],
  themes: THEMES,
})

const search = (query: string, limit = 10, offset = 0, filters = {}) =>
  index.search(searchTerms(query), filters, offset, limit)
const ids = (query: string, limit = 10) => search(query, limit).ids

describe('CatalogueIndex.search (ADR 003)', () => {
  it('puts the exact number first, with or without its -1, then number prefixes', () => {
    expect(ids('75192')).toEqual([1, 4])
    expect(ids('75192-1')).toEqual([1, 4])
    expect(ids('7519')).toEqual([7, 1, 4])
  })

  it('finds an item by its exact alias first', () => {
    expect(ids('fig-003512')[0]).toBe(3)
  })

  it('ranks the whole phrase above every word apart, then pieces, shorter names and newer years', () => {
    expect(ids('falcon millennium')).toEqual([4, 1, 2])
    expect(ids('falcon')).toEqual([1, 2, 7, 4, 3])
    expect(ids('castle')).toEqual([11, 9, 8])
  })

  it('matches short words as part of the phrase', () => {
    expect(ids('at-at')).toEqual([10])
  })

  it('finds typos by word similarity only when too few names contain the words', () => {
    expect(ids('millenium falcon')).toEqual([1, 2, 4])
    // Enough plain matches for a page of one: no fuzzy matches, so they are not counted either.
    expect(search('falcon', 1).total).toBe(5)
    expect(search('falco', 10).total).toBe(5)
  })

  it('matches names by prefix under three letters', () => {
    expect(ids('mi')).toEqual([1, 2, 7])
  })

  it('filters and pages matches, counting every one', () => {
    expect(search('falcon', 2, 0, { type: 'set' })).toEqual({ ids: [1, 2], total: 4 })
    expect(search('falcon', 2, 2, { type: 'set' })).toEqual({ ids: [7, 4], total: 4 })
    expect(search('falcon', 10, 0, { themeId: 171 })).toEqual({ ids: [1], total: 1 })
  })

  it('answers a page past the end with the first page’s count', () => {
    expect(search('falcon', 10, 50)).toEqual({ ids: [], total: 5 })
  })

  it('gives nothing for nothing to seek', () => {
    expect(search('!!')).toEqual({ ids: [], total: 0 })
  })

  it('gives the quick search the same first page', () => {
    for (const query of ['75192', 'falcon', 'millenium falcon', 'mi', 'fig-003512', 'at at', 'castle'])
      for (const limit of [1, 2, 10]) expect(index.best(searchTerms(query), limit)).toEqual(ids(query, limit))
  })
})

describe('CatalogueIndex.list', () => {
  const list = (filters: object, limit = 50, offset = 0) => index.list(filters, offset, limit)

  it('lists everything newest first, then by number, a page at a time', () => {
    expect(list({}).ids).toEqual(listOrder)
    expect(list({}, 3, 2)).toEqual({ ids: listOrder.slice(2, 5), total: ROWS.length })
  })

  it('filters by type, year, theme with its sub-themes, and theme name', () => {
    expect(list({ type: 'minifig' }).ids).toEqual([6, 3])
    expect(list({ type: 'set', year: 2017 }).ids).toEqual([1])
    expect(list({ themeId: 158 }).ids).toEqual([4, 2, 1, 6, 10, 3, 7])
    expect(list({ themeId: 171 }).total).toBe(1)
    expect(list({ themeId: 999 })).toEqual({ ids: [], total: 0 })
    expect(list({ theme: 'Star Wars', type: 'minifig' }).ids).toEqual([6, 3])
    expect(list({ theme: 'Space' }).ids).toEqual([5])
  })

  it('answers the same filters alike when asked again, page by page', () => {
    const filters = { type: 'set', themeId: 158 } as const
    const first = list(filters)
    expect(first.ids.length).toBeGreaterThan(2)
    expect(list(filters)).toEqual(first)
    expect(list(filters, 2, 1)).toEqual({ ids: first.ids.slice(1, 3), total: first.total })
    expect(list({ ...filters, year: 2017 })).toEqual({ ids: [1], total: 1 })
    expect(list({ ...filters, year: 2017 }, 50, 1)).toEqual({ ids: [], total: 1 })
    // Each combination is its own: none is answered with another's list.
    expect(list({ type: 'minifig', year: 2017 }).ids).toEqual([6])
    expect(list({ type: 'set', year: 2017, themeId: 500 })).toEqual({ ids: [], total: 0 })
    expect(list({ type: 'set', year: 2017, theme: 'Star Wars' }).ids).toEqual([1])
    expect(list({ type: 'set', year: 2017, theme: 'Space' }).ids).toEqual([])
  })

  it('lists the minifigures of a set by its number, with or without -1', () => {
    expect(list({ set: '75192' }).ids).toEqual([6, 3])
    expect(list({ set: '75192-1', type: 'minifig' }).ids).toEqual([6, 3])
    expect(list({ set: '75257' }).ids).toEqual([6])
    expect(list({ set: 'nothing' })).toEqual({ ids: [], total: 0 })
  })
})
