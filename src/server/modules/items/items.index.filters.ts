import type { ListItemsQuery } from '#shared/contract/catalogue.ts'
import { normalizeCode } from '#shared/text.ts'

export type IndexFilters = Pick<ListItemsQuery, 'type' | 'themeId' | 'theme' | 'year' | 'set'>

/** A missing year or theme in the index's integer columns. */
export const NONE = -1

export const TYPE_CODES = { set: 0, minifig: 1 } as const

export interface IndexedTheme {
  id: number
  name: string
  /** Ids from the root down to the theme itself. */
  path: number[]
}

/** The index's columns the filters read, by slot. */
export interface FilterColumns {
  types: Uint8Array
  years: Int32Array
  themeIds: Int32Array
  themes: readonly string[]
  /** The list pages' order (year, newest first, then number): position → slot. */
  listOrder: Int32Array
  /** slot → position in `listOrder`. */
  listPosition: Int32Array
  /** Slots by normalised number. */
  slotsByCode: (code: string) => readonly number[]
  /** A set's minifigures (set_minifigures), by the set's slot. */
  figuresOf: (setSlot: number) => readonly number[]
}

/** One filter of a request: which items pass it, and its own list of them in list order (kept, see below). */
interface Filter {
  key: string
  passes: (slot: number) => boolean
  /** Its list made directly, when that is quicker than going through the whole catalogue. */
  list?: () => Int32Array
}

/**
 * Lists kept per filter and per combination of filters (a theme's, a year's, a theme's in a year): at most this
 * many, since theme names come from requests.
 */
const MAX_KEPT_LISTS = 2000

/**
 * The list pages' filters over the index's columns, as items.repo.ts's SQL wrote them: a theme includes its
 * sub-themes, a minifigure theme name matches the text or any theme so named (with its sub-themes), `set`
 * finds the figures of a set by its number with or without '-1'. A page is read from the list its filters allow
 * together: made from the shortest list one filter allows, checked against the others, and kept in list order
 * once asked for (as each filter's own list is).
 */
export class CatalogueFilters {
  private readonly subtrees = new Map<number, Set<number>>()
  private readonly themeIdsByName = new Map<string, number[]>()
  private readonly kept = new Map<string, Int32Array>()

  constructor(
    private readonly columns: FilterColumns,
    themes: readonly IndexedTheme[],
  ) {
    for (const theme of themes) {
      for (const ancestor of theme.path) {
        const subtree = this.subtrees.get(ancestor)
        if (subtree) subtree.add(theme.id)
        else this.subtrees.set(ancestor, new Set([theme.id]))
      }
      const named = this.themeIdsByName.get(theme.name)
      if (named) named.push(theme.id)
      else this.themeIdsByName.set(theme.name, [theme.id])
    }
  }

  /** Whether an item passes every filter given; undefined when none is given. */
  test(filters: IndexFilters): ((slot: number) => boolean) | undefined {
    const all = this.filters(filters)
    if (all.length === 0) return undefined
    if (all.length === 1) return (all[0] as Filter).passes
    return (slot) => all.every((filter) => filter.passes(slot))
  }

  /** A page of the list in list order, and how many items pass. */
  page(filters: IndexFilters, offset: number, limit: number): { slots: number[]; total: number } {
    const all = this.filters(filters)
    const list = all.length === 0 ? this.columns.listOrder : this.listOfAll(all)
    return { slots: Array.from(list.subarray(offset, offset + limit)), total: list.length }
  }

  private filters(filters: IndexFilters): Filter[] {
    const { types, years, themeIds, themes } = this.columns
    const all: Filter[] = []
    if (filters.type) {
      const type = TYPE_CODES[filters.type]
      all.push({ key: `type:${type}`, passes: (slot) => types[slot] === type })
    }
    if (filters.year !== undefined) {
      const year = filters.year
      all.push({ key: `year:${year}`, passes: (slot) => years[slot] === year })
    }
    if (filters.themeId !== undefined) {
      const subtree = this.subtrees.get(filters.themeId) ?? new Set()
      all.push({ key: `themeId:${filters.themeId}`, passes: (slot) => subtree.has(themeIds[slot] as number) })
    }
    if (filters.theme !== undefined) {
      const name = filters.theme
      const named = new Set(
        (this.themeIdsByName.get(name) ?? []).flatMap((id) => [...(this.subtrees.get(id) ?? [])]),
      )
      all.push({
        key: `theme:${name}`,
        passes: (slot) => themes[slot] === name || named.has(themeIds[slot] as number),
      })
    }
    if (filters.set !== undefined) {
      const figures = this.figuresOfSet(normalizeCode(filters.set))
      const { listPosition } = this.columns
      // A set's few figures, put in list order for the request: never kept.
      all.push({
        key: '',
        passes: (slot) => figures.has(slot),
        list: () =>
          Int32Array.from(figures).sort((a, b) => (listPosition[a] as number) - (listPosition[b] as number)),
      })
    }
    return all
  }

  /** Minifigures of the set numbered `code` or `code-1`. */
  private figuresOfSet(code: string): Set<number> {
    const { slotsByCode, figuresOf, types } = this.columns
    const figures = new Set<number>()
    for (const set of [...slotsByCode(code), ...slotsByCode(`${code}-1`)]) {
      if (types[set] === TYPE_CODES.set) for (const figure of figuresOf(set)) figures.add(figure)
    }
    return figures
  }

  /**
   * The items every filter lets through, in list order: the shortest list one of them allows, checked against the
   * others. Kept like a single filter's list (a theme in a year, the sets of a theme), so that the next page of
   * the same filters is read from it rather than made again.
   */
  private listOfAll(all: readonly Filter[]): Int32Array {
    if (all.length === 1) return this.listOf(all[0] as Filter)
    // A filter that is never kept (a set's figures) keeps nothing it is part of. A JSON array: no theme name
    // can make two combinations, or a combination and one filter, share a key.
    const key = all.every((filter) => filter.key) ? JSON.stringify(all.map((filter) => filter.key)) : ''
    const kept = key ? this.kept.get(key) : undefined
    if (kept) return kept
    const lists = all.map((filter) => ({ filter, list: this.listOf(filter) }))
    lists.sort((a, b) => a.list.length - b.list.length)
    const base = (lists[0] as { list: Int32Array }).list
    const rest = lists.slice(1).map(({ filter }) => filter.passes)
    const passing: number[] = []
    for (const slot of base) if (rest.every((passes) => passes(slot))) passing.push(slot)
    return this.keep(key, Int32Array.from(passing))
  }

  /** The items one filter lets through, in list order. */
  private listOf(filter: Filter): Int32Array {
    if (filter.list) return filter.list()
    const kept = this.kept.get(filter.key)
    if (kept) return kept
    const list: number[] = []
    for (const slot of this.columns.listOrder) if (filter.passes(slot)) list.push(slot)
    return this.keep(filter.key, Int32Array.from(list))
  }

  private keep(key: string, list: Int32Array): Int32Array {
    if (key && this.kept.size < MAX_KEPT_LISTS) this.kept.set(key, list)
    return list
  }
}
