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

/** Lists kept per filter (a theme's, a year's): at most this many, since theme names come from requests. */
const MAX_KEPT_LISTS = 2000

/**
 * The list pages' filters over the index's columns, as items.repo.ts's SQL wrote them: a theme includes its
 * sub-themes, a minifigure theme name matches the text or any theme so named (with its sub-themes), `set`
 * finds the figures of a set by its number with or without '-1'. A page starts from the shortest list one
 * filter allows (each kept in list order once asked for) and checks the other filters on it.
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
    const lists = all.map((filter) => ({ filter, list: this.listOf(filter) }))
    lists.sort((a, b) => a.list.length - b.list.length)
    const base = lists[0]?.list ?? this.columns.listOrder
    const rest = lists.slice(1).map(({ filter }) => filter.passes)
    if (rest.length === 0) {
      return { slots: Array.from(base.subarray(offset, offset + limit)), total: base.length }
    }
    const slots: number[] = []
    let total = 0
    for (const slot of base) {
      if (!rest.every((passes) => passes(slot))) continue
      if (total >= offset && slots.length < limit) slots.push(slot)
      total++
    }
    return { slots, total }
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

  /** The items one filter lets through, in list order. */
  private listOf(filter: Filter): Int32Array {
    if (filter.list) return filter.list()
    const kept = this.kept.get(filter.key)
    if (kept) return kept
    const list: number[] = []
    for (const slot of this.columns.listOrder) if (filter.passes(slot)) list.push(slot)
    const made = Int32Array.from(list)
    if (this.kept.size < MAX_KEPT_LISTS) this.kept.set(filter.key, made)
    return made
  }
}
