/** My Collection's counting lines (spec 01 §2). */
import { showingRangeText } from '#web/components/ui/paging.ts'
import { plural } from '#web/lib/format.ts'
import { PAGE_SIZE } from './collection-params.ts'

/** 'Showing 1 to 20 of 45 items' (spec 01 §2); '' when there is nothing to show. */
export const showingText = (page: number, total: number, pageSize = PAGE_SIZE): string =>
  showingRangeText(page, total, pageSize, { one: 'item', many: 'items' })

/** The item-count banner above the summary cards. */
export function itemCountText(totalItems: number, entries = totalItems): string {
  const text = `${plural(totalItems, 'item', 'items')} in your collection`
  return entries === totalItems ? text : `${text} · ${plural(entries, 'entry', 'entries')}`
}
