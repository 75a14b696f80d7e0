import {
  CatalogueFilters,
  type IndexedTheme,
  type IndexFilters,
  NONE,
  TYPE_CODES,
} from './items.index.filters.ts'
import type { FuzzyQuery } from './items.index.fuzzy.ts'
import {
  EXACT,
  Hits,
  NAME,
  NUMBER_PREFIX,
  PHRASE_SCORE,
  PLAIN_SCORE,
  smallest,
  WORDS_SCORE,
} from './items.index.ranking.ts'
import { TextIndex } from './items.index.text.ts'
import { nameWordPatterns, type SearchTerms } from './items.search.ts'

/** What the index keeps of an item: what search, the filters and the two orders read. */
export interface IndexedItem {
  id: number
  type: 'set' | 'minifig'
  number: string
  normalizedName: string
  normalizedCode: string
  theme: string
  themeId: number | null
  year: number | null
  pieces: number | null
}

export interface CatalogueRows {
  items: readonly IndexedItem[]
  /** Item ids in the list pages' order (year, newest first, then number) as the database sorts them. */
  listOrder: readonly number[]
  aliases: ReadonlyArray<{ itemId: number; normalizedAlias: string }>
  links: ReadonlyArray<{ setId: number; minifigId: number }>
  themes: readonly IndexedTheme[]
}

/** A page of item ids, in order, and how many items match in all. */
export interface IndexPage {
  ids: number[]
  total: number
}

/**
 * The catalogue in memory (ADR 021): search and the filtered list pages answered without a query, with the
 * answers items.repo.ts's SQL gave (ADR 003's ranking; the lists' filters and order). Items are numbered
 * ("slots") in search's tie order — more pieces, shorter name, newer year, lower id — so that a slot number
 * breaks every tie. Built whole from the rows; a change builds a new one (items.index.live.ts).
 */
export class CatalogueIndex {
  readonly size: number
  private readonly ids: Int32Array
  private readonly names: string[]
  private readonly text: TextIndex
  private readonly filters: CatalogueFilters
  private readonly hits: Hits

  constructor(rows: CatalogueRows) {
    const items = inSearchTieOrder(rows.items)
    this.size = items.length
    this.ids = Int32Array.from(items, (item) => item.id)
    this.names = items.map((item) => item.normalizedName)
    const slotOf = new Map(items.map((item, slot) => [item.id, slot]))
    const aliases = rows.aliases.flatMap(({ itemId, normalizedAlias }) => {
      const slot = slotOf.get(itemId)
      return slot === undefined ? [] : [{ slot, alias: normalizedAlias }]
    })
    this.text = new TextIndex(
      this.names,
      items.map((item) => item.normalizedCode),
      aliases,
    )
    const figures = new Map<number, number[]>()
    for (const { setId, minifigId } of rows.links) {
      const set = slotOf.get(setId)
      const figure = slotOf.get(minifigId)
      if (set === undefined || figure === undefined) continue
      const list = figures.get(set)
      if (list) list.push(figure)
      else figures.set(set, [figure])
    }
    const { listOrder, listPosition } = listOrderOf(rows.listOrder, slotOf, this.size)
    this.filters = new CatalogueFilters(
      {
        types: Uint8Array.from(items, (item) => TYPE_CODES[item.type]),
        years: Int32Array.from(items, (item) => item.year ?? NONE),
        themeIds: Int32Array.from(items, (item) => item.themeId ?? NONE),
        themes: items.map((item) => item.theme),
        listOrder,
        listPosition,
        slotsByCode: (code) => this.text.codeEquals(code),
        figuresOf: (set) => figures.get(set) ?? [],
      },
      rows.themes,
    )
    this.hits = new Hits(this.size)
  }

  /** The list pages: filtered, newest first then by number. */
  list(filters: IndexFilters, offset: number, limit: number): IndexPage {
    const { slots, total } = this.filters.page(filters, offset, limit)
    return { ids: slots.map((slot) => this.ids[slot] as number), total }
  }

  /**
   * Ranked search (ADR 003): exact number (or `-1` variant) or alias first, then number prefix, then names
   * that contain every word (the whole phrase scoring higher); fuzzy word similarity only when those names
   * are fewer than the page needs. Short queries (under three letters) match names by prefix.
   */
  search(terms: SearchTerms, filters: IndexFilters, offset: number, limit: number): IndexPage {
    const wanted = offset + limit
    if (!this.gather(terms, wanted, { counted: true }, (fuzzy) => this.hits.addAll(fuzzy)))
      return { ids: [], total: 0 }
    const passes = this.filters.test(filters)
    const keys: number[] = []
    for (const slot of this.hits.slots) if (!passes || passes(slot)) keys.push(this.hits.key(slot))
    const page = smallest(keys, wanted).slice(offset)
    // Past the end, the total is the first page's (limit 1): what items.repo.ts answered there.
    if (page.length === 0 && offset > 0) return { ids: [], total: this.search(terms, filters, 0, 1).total }
    return { ids: page.map((key) => this.ids[key % this.size] as number), total: keys.length }
  }

  /**
   * The first `limit` of `search` with no filter, without counting the rest: of the fuzzy matches, only those
   * that could still make the page are measured (the quick search box asks for no total).
   */
  best(terms: SearchTerms, limit: number): number[] {
    let page: number[] = []
    if (!this.gather(terms, limit, { counted: false }, (fuzzy) => (page = this.hits.addBest(fuzzy, limit))))
      return []
    if (page.length === 0)
      page = smallest(
        this.hits.slots.map((slot) => this.hits.key(slot)),
        limit,
      )
    return page.map((key) => this.ids[key % this.size] as number)
  }

  /**
   * Every match of `terms` into `this.hits`; fuzzy ones through `addFuzzy`. False when there is nothing to seek.
   * Unless every match must be `counted`, names are looked at only until `wanted` of them contain the whole
   * phrase: posting lists are in slot order, and slots in tie order, so no later name could make the page.
   */
  private gather(
    terms: SearchTerms,
    wanted: number,
    { counted }: { counted: boolean },
    addFuzzy: (fuzzy: FuzzyQuery) => void,
  ): boolean {
    const { code, name } = terms
    if (!code && !name) return false
    const hits = this.hits
    hits.begin()
    if (code) {
      for (const slot of this.text.codeEquals(code)) hits.add(slot, EXACT, PLAIN_SCORE)
      for (const slot of this.text.codeEquals(`${code}-1`)) hits.add(slot, EXACT, PLAIN_SCORE)
      this.text.codePrefix(code, (slot) => hits.add(slot, NUMBER_PREFIX, PLAIN_SCORE))
    }
    if (name) for (const slot of this.text.aliasEquals(name)) hits.add(slot, EXACT, PLAIN_SCORE)
    if (name.length >= 3) {
      const patterns = nameWordPatterns(name).map((pattern) => pattern.slice(1, -1))
      let phrases = 0
      const textual = this.text.nameContains(name, patterns, (slot) => {
        const phrase = (this.names[slot] as string).includes(name)
        if (phrase) phrases++
        hits.add(slot, NAME, phrase ? PHRASE_SCORE : WORDS_SCORE)
        return counted || phrases < wanted
      })
      this.text.aliasSimilar(name, (slot, tenths) => hits.add(slot, NAME, tenths))
      if (textual < wanted) {
        const fuzzy = this.text.fuzzy(name)
        try {
          addFuzzy(fuzzy)
        } finally {
          fuzzy.end()
        }
      }
    } else if (name) {
      this.text.namePrefix(name, (slot) => hits.add(slot, NAME, PLAIN_SCORE))
    }
    return true
  }
}

/** pieces desc (none as 0), name length (in characters, as PostgreSQL counts), year desc (none last), id. */
function inSearchTieOrder(items: readonly IndexedItem[]): IndexedItem[] {
  const keyed = items.map((item) => ({ item, length: characters(item.normalizedName) }))
  keyed.sort(
    (a, b) =>
      (b.item.pieces ?? 0) - (a.item.pieces ?? 0) ||
      a.length - b.length ||
      (b.item.year ?? Number.NEGATIVE_INFINITY) - (a.item.year ?? Number.NEGATIVE_INFINITY) ||
      a.item.id - b.item.id,
  )
  return keyed.map(({ item }) => item)
}

function characters(text: string): number {
  let count = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0xd800 && code < 0xdc00) count-- // a surrogate pair is one character
  }
  return count
}

function listOrderOf(ids: readonly number[], slotOf: Map<number, number>, size: number) {
  const listOrder = new Int32Array(size)
  const listPosition = new Int32Array(size).fill(-1)
  let position = 0
  for (const id of ids) {
    const slot = slotOf.get(id)
    if (slot === undefined || listPosition[slot] !== -1) continue
    listOrder[position] = slot
    listPosition[slot] = position++
  }
  if (position !== size) throw new Error('catalogue index: the list order does not name every item once')
  return { listOrder, listPosition }
}
