import type { Item, ItemDetail, LinkedItem } from '#shared/contract/catalogue.ts'
import type { AliasRow, LinkRow } from './items.index.repo.ts'
import type { StoredItem } from './items.index.rows.ts'

/** What an item's page shows beyond the item itself, read from the catalogue in memory. */
export interface DetailRows {
  items: ReadonlyMap<number, StoredItem>
  aliases: readonly AliasRow[]
  links: readonly LinkRow[]
  /** Every item's id, by number as the database's collation sorts numbers (then id). */
  numberOrder: readonly number[]
}

interface Link {
  id: number
  quantity: number
}

/**
 * Item pages from memory (ADR 024): each item by its slug, with its aliases as typed, its minifigures (a set),
 * the sets it is in (a minifigure) and its variants, in the order the SQL of items.repo.ts gave them — a set's
 * minifigures by number, sets and variants by year (unknown last) then number. Built with the catalogue, so an
 * item page is as current as search and the lists.
 */
export class CatalogueDetails {
  private readonly bySlug = new Map<string, number>()
  private readonly aliases = new Map<number, string[]>()
  private readonly figures = new Map<number, Link[]>()
  private readonly sets = new Map<number, Link[]>()
  private readonly variants = new Map<number, Link[]>()

  constructor(
    private readonly rows: DetailRows,
    private readonly shown: (id: number) => Item | undefined,
  ) {
    const rank = new Map(rows.numberOrder.map((id, position) => [id, position]))
    const byNumber = (a: Link, b: Link) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0)
    const year = (link: Link) => rows.items.get(link.id)?.year ?? Number.POSITIVE_INFINITY
    const byYearThenNumber = (a: Link, b: Link) => year(a) - year(b) || byNumber(a, b)

    for (const item of rows.items.values()) {
      this.bySlug.set(item.slug, item.id)
      if (item.variantOf !== null) append(this.variants, item.variantOf, { id: item.id, quantity: 1 })
    }
    for (const { itemId, alias } of rows.aliases) append(this.aliases, itemId, alias)
    for (const { setId, minifigId, quantity } of rows.links) {
      if (!rows.items.has(setId) || !rows.items.has(minifigId)) continue
      append(this.figures, setId, { id: minifigId, quantity })
      append(this.sets, minifigId, { id: setId, quantity })
    }
    for (const links of this.figures.values()) links.sort(byNumber)
    for (const links of this.sets.values()) links.sort(byYearThenNumber)
    for (const links of this.variants.values()) links.sort(byYearThenNumber)
  }

  /** The page of the item with this slug, or undefined when no item has it. */
  page(slug: string): ItemDetail | undefined {
    const id = this.bySlug.get(slug)
    const stored = id === undefined ? undefined : this.rows.items.get(id)
    const item = id === undefined ? undefined : this.shown(id)
    if (!stored || !item) return undefined
    const minifigures = this.linked(this.figures.get(stored.id))
    const sets = this.linked(this.sets.get(stored.id))
    const linkedCount = minifigures.reduce((sum, link) => sum + link.quantity, 0)
    // Every field written out, not `{ ...item, metadata, … }`: on Node 20 a spread followed by more properties
    // takes V8's slow path, and each object so made outlives two young-generation collections with all it holds
    // (the parsed metadata, the linked items), 3 KB a page promoted to the old generation (ADR 036).
    return {
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
      retailPrices: item.retailPrices,
      imageUrl: item.imageUrl,
      variantOf: item.variantOf,
      createdAt: item.createdAt,
      themeData: item.themeData,
      metadata: stored.metadata === null ? null : JSON.parse(stored.metadata),
      createdBy: stored.createdBy,
      aliases: this.aliases.get(stored.id) ?? [],
      // A set's own figure count (from the catalogue) wins; linked figures fill in when it is unknown.
      minifigureCount: item.type === 'set' ? (item.minifigures ?? linkedCount) : sets.length,
      setLinks: { minifigures, sets },
      variants: this.linked(this.variants.get(stored.id)),
    }
  }

  private linked(links: readonly Link[] | undefined): LinkedItem[] {
    return (links ?? []).flatMap(({ id, quantity }) => {
      const item = this.rows.items.get(id)
      if (!item) return []
      const { type, number, name, slug, year, imageUrl } = item
      return [{ id, type, number, name, slug, year, imageUrl, quantity }]
    })
  }
}

function append<T>(lists: Map<number, T[]>, key: number, value: T): void {
  const list = lists.get(key)
  if (list) list.push(value)
  else lists.set(key, [value])
}
