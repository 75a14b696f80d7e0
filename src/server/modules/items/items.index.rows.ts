import type { Item, ItemDetail, RetailPrice, ThemeData } from '#shared/contract/catalogue.ts'
import type { CatalogueDetails } from './items.index.details.ts'
import type { IndexedTheme, IndexFilters } from './items.index.filters.ts'
import type { CatalogueIndex, IndexedItem, IndexPage } from './items.index.ts'
import type { SearchThreads } from './items.search.threaded.ts'
import type { SearchTerms } from './items.search.ts'

/** An item's own columns as the catalogue keeps them in memory (items.index.repo.ts reads them). */
export interface StoredItem extends IndexedItem {
  name: string
  slug: string
  minifigures: number | null
  /** numeric as PostgreSQL writes it ('734.99'). */
  originalMsrp: string | null
  imageUrl: string | null
  variantOf: number | null
  /** ISO 8601 in UTC with milliseconds, as items.repo.ts's `createdAt`. */
  createdAt: string
  /** The item's metadata as JSON text (kept as text, so that a refresh can tell whether it changed). */
  metadata: string | null
  createdBy: string | null
}

export interface StoredTheme extends IndexedTheme {
  rootName: string
  era: string | null
  complexity: string | null
  colorScheme: string | null
}

/** Each item's regional retail prices, by region. */
export type RetailPrices = ReadonlyMap<number, RetailPrice[]>

/**
 * The catalogue as one read sees it: the index that chooses a page, the items as the API shows them, and their
 * pages (ADR 024), all from the same rows.
 */
export class Catalogue {
  constructor(
    readonly index: CatalogueIndex,
    private readonly rows: ReadonlyMap<number, Item>,
    private readonly details: CatalogueDetails,
    /** The search threads holding this catalogue as `version`, if the app runs them (ADR 025). */
    private readonly threads?: { threads: SearchThreads; version: number },
  ) {}

  /** `index.best`, on a search thread when it can. */
  async best(terms: SearchTerms, limit: number): Promise<number[]> {
    const here = () => ({ ids: this.index.best(terms, limit), total: 0 })
    if (!this.threads) return here().ids
    const { threads, version } = this.threads
    return (await threads.page(version, { type: 'best', terms, limit }, here)).ids
  }

  /** `index.search`, on a search thread when it can. */
  async search(terms: SearchTerms, filters: IndexFilters, offset: number, limit: number): Promise<IndexPage> {
    const here = () => this.index.search(terms, filters, offset, limit)
    if (!this.threads) return here()
    const { threads, version } = this.threads
    return threads.page(version, { type: 'search', terms, filters, offset, limit }, here)
  }

  /** The page of the item with this slug: the item, its aliases, links and variants. */
  page(slug: string): ItemDetail | undefined {
    return this.details.page(slug)
  }

  get size(): number {
    return this.rows.size
  }

  items(ids: readonly number[]): Item[] {
    return ids.flatMap((id) => this.rows.get(id) ?? [])
  }

  item(id: number): Item | undefined {
    return this.rows.get(id)
  }
}

/**
 * The items as the API shows them. With `previous`, only the items in `changed` (and those gone) are made
 * anew; the others are the same objects, since their themes and prices did not change.
 */
export function itemRows(
  items: ReadonlyMap<number, StoredItem>,
  themes: readonly StoredTheme[],
  prices: RetailPrices,
  previous?: { rows: ReadonlyMap<number, Item>; changed: Iterable<number> },
): Map<number, Item> {
  const badges = themeBadges(themes)
  const row = (item: StoredItem): Item => ({
    id: item.id,
    type: item.type,
    name: item.name,
    number: item.number,
    slug: item.slug,
    theme: item.theme,
    themeId: item.themeId,
    year: item.year,
    pieces: item.pieces,
    minifigures: item.minifigures,
    originalMsrp: item.originalMsrp,
    retailPrices: prices.get(item.id) ?? [],
    imageUrl: item.imageUrl,
    variantOf: item.variantOf,
    createdAt: item.createdAt,
    themeData: item.themeId === null ? null : (badges.get(item.themeId) ?? null),
  })
  if (!previous) return new Map([...items.values()].map((item) => [item.id, row(item)]))
  const rows = new Map(previous.rows)
  for (const id of rows.keys()) if (!items.has(id)) rows.delete(id)
  for (const id of previous.changed) {
    const item = items.get(id)
    if (item) rows.set(id, row(item))
  }
  return rows
}

/** Each theme's badge data: its own era, complexity and colours, or else its top-level theme's. */
function themeBadges(themes: readonly StoredTheme[]): Map<number, ThemeData> {
  const byId = new Map(themes.map((theme) => [theme.id, theme]))
  return new Map(
    themes.map((theme) => {
      const root = theme.path[0] === undefined ? undefined : byId.get(theme.path[0])
      return [
        theme.id,
        {
          name: theme.name,
          category: theme.rootName,
          era: theme.era ?? root?.era ?? null,
          complexity: theme.complexity ?? root?.complexity ?? null,
          colorScheme: theme.colorScheme ?? root?.colorScheme ?? null,
        },
      ]
    }),
  )
}

/**
 * A function giving an item's JSON text in one shape of the API (a search result, a list's item, a collection
 * entry's item), made once per item object and kept as long as it lives: the catalogue replaces an item's object
 * when the item changes, so a kept text is never stale, and a page of items is written by joining their texts.
 */
export function itemTextIn<Shape>(shape: (item: Item) => Shape): (item: Item) => string {
  const texts = new WeakMap<Item, string>()
  return (item) => {
    let text = texts.get(item)
    if (text === undefined) {
      text = JSON.stringify(shape(item))
      texts.set(item, text)
    }
    return text
  }
}
