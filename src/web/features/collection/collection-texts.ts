/** My Collection's counting lines (spec 01 §2). */
import { plural } from '#web/lib/format.ts'
import { PAGE_SIZE } from './collection-params.ts'

/** 'Showing 1 to 20 of 45 items' (spec 01 §2); '' when there is nothing to show. */
export function showingText(page: number, total: number, pageSize = PAGE_SIZE): string {
  if (total <= 0) return ''
  const first = Math.min((page - 1) * pageSize + 1, total)
  const last = Math.min(page * pageSize, total)
  return `Showing ${first} to ${last} of ${total} ${total === 1 ? 'item' : 'items'}`
}

/** The item-count banner above the summary cards. */
export function itemCountText(totalItems: number, entries = totalItems): string {
  const text = `${plural(totalItems, 'item', 'items')} in your collection`
  return entries === totalItems ? text : `${text} · ${plural(entries, 'entry', 'entries')}`
}
