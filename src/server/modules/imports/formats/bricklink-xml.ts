import type { ItemType } from '#shared/contract/values.ts'
import { readText } from '../cells/number-cells.ts'
import { RowError } from '../cells/row-error.ts'

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
  const seen = new Map<string, number>()
  return (key) => {
    const count = seen.get(key) ?? 0
    seen.set(key, count + 1)
    return count === 0 ? key : `${key}#${count + 1}`
  }
}
