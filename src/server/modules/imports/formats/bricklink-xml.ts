import type { ItemType } from '#shared/contract/values.ts'
import { readText } from '../cells/number-cells.ts'
import { RowError } from '../cells/row-error.ts'
import type { ParsedRow } from '../import-rows.ts'
import type { RowMapper } from './import-format.ts'
import { occurrenceCounter } from './occurrences.ts'
import { guardRow, notTracked, skipped } from './row-guard.ts'

/**
 * What BrickLink's XML files (wanted lists and store inventories, root INVENTORY) share: item types, the
 * remarks' double escaping and raw HTML, and a key for lots without an id.
 */

export type BrickLinkItem = Readonly<Record<string, string | undefined>>

/** BrickLink's item types other than sets and minifigures, as the subject of the "not tracked" sentence. */
const UNTRACKED_TYPES: Record<string, string> = {
  P: 'Parts are',
  B: 'Books are',
  G: 'Gear is',
  C: 'Catalogs are',
  I: 'Instructions are',
  O: 'Original boxes are',
  U: 'Unsorted lots are',
}

/** The item type, or `{ untracked }` naming what it is; an empty ITEMTYPE (BrickLink's own sample has one) is null. */
export function brickLinkItemType(item: BrickLinkItem): ItemType | null | { untracked: string } {
  const code = (item.ITEMTYPE ?? '').trim().toUpperCase()
  if (code === '') return null
  if (code === 'S') return 'set'
  if (code === 'M') return 'minifig'
  const untracked = UNTRACKED_TYPES[code]
  if (untracked) return { untracked }
  throw new RowError(`ITEMTYPE "${code}" is not a BrickLink item type (S, M, P, B, G, C, I, O or U)`)
}

/**
 * A REMARKS or DESCRIPTION as text: BrickLink escapes `<`, `>` and `&` twice (`&amp;lt;b&amp;gt;`,
 * BrickStore's ApiQuirk), so after XML decoding one more round is undone. (Raw HTML elements there, which
 * break other parsers, are already text: read/xml-items.ts.)
 */
export function brickLinkRemarks(raw: string | undefined): string | null {
  return readText(
    (raw ?? '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  )
}

/** The item's id, required. */
export function brickLinkItemId(item: BrickLinkItem): string {
  const id = readText(item.ITEMID)
  if (!id) throw new RowError('ITEMID is empty')
  return id
}

/** A lot's own fields as a key: type, id as written, colour, then `tags` (condition…), upper-cased. */
export function lotKey(item: BrickLinkItem, itemId: string, tags: readonly string[]): string {
  const upper = (tag: string) => (item[tag] ?? '').trim().toUpperCase()
  return [upper('ITEMTYPE'), itemId, upper('COLOR'), ...tags.map(upper)].join(':')
}

/**
 * A key for a lot from its own fields, with its occurrence when the same key came before (two identical
 * lots stay two entries, and each maps to itself when the file is imported again).
 */
export function occurrenceKeys(): (key: string) => string {
  const count = occurrenceCounter()
  return (key) => {
    const earlier = count(key)
    return earlier === 0 ? key : `${key}#${earlier + 1}`
  }
}

/** One lot of a BrickLink file, its type settled and its id present, for a format to map. */
export interface BrickLinkLot {
  item: BrickLinkItem
  line: number
  itemId: string
  type: ItemType | null
  name: string | null
  /** The lot's key with its occurrence in this pass (occurrenceKeys). */
  keyOf: (key: string) => string
}

/**
 * A mapper for BrickLink lots: parts, books and gear are skipped as not tracked, a lot without ITEMID is
 * rejected, and a bad cell rejects its lot only (guardRow); `map` sees sets and minifigures.
 */
export function brickLinkMapper(map: (lot: BrickLinkLot) => ParsedRow): RowMapper<BrickLinkItem> {
  const keyOf = occurrenceKeys()
  return (item, line) => {
    const number = readText(item.ITEMID)
    const name = readText(item.ITEMNAME)
    return guardRow(line, { number, name }, () => {
      const type = brickLinkItemType(item)
      if (type !== null && typeof type === 'object')
        return skipped(line, { number, name }, notTracked(type.untracked))
      return map({ item, line, itemId: brickLinkItemId(item), type, name, keyOf })
    })
  }
}
