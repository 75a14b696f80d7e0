/** Pages of a list: how many, where one starts, and which page buttons a pager shows (spec 02 §9). */

/** How many pages `total` rows make; at least one, so an empty list still has its page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize))
}

/** The offset of a page's first row, for the API. */
export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, page) - 1) * pageSize
}

/** 'Showing 1 to 20 of 45 items' for a page of a list ('' when there is nothing to show), in its own nouns. */
export function showingRangeText(
  page: number,
  total: number,
  pageSize: number,
  nouns: { one: string; many: string },
): string {
  if (total <= 0) return ''
  const first = Math.min(pageOffset(page, pageSize) + 1, total)
  const last = Math.min(page * pageSize, total)
  return `Showing ${first} to ${last} of ${total} ${total === 1 ? nouns.one : nouns.many}`
}

export const MAX_PAGE_BUTTONS = 7

/** A page button, or a gap in the row of page buttons. */
export type PageSlot = number | 'ellipsis-start' | 'ellipsis-end'

/**
 * The row of page buttons: at most 7 slots, always the first and the last page, ellipses for the
 * gaps, and the current page with its neighbours. Empty when there is only one page.
 *   pages 1–7 of 7:        1 2 3 4 5 6 7
 *   page 2 of 20:          1 2 3 4 5 … 20
 *   page 10 of 20:         1 … 9 10 11 … 20
 *   page 19 of 20:         1 … 16 17 18 19 20
 */
export function paginationSlots(
  current: number,
  totalPages: number,
  maxSlots = MAX_PAGE_BUTTONS,
): PageSlot[] {
  if (totalPages <= 1) return []
  const page = Math.min(Math.max(1, Math.trunc(current)), totalPages)
  if (totalPages <= maxSlots) return Array.from({ length: totalPages }, (_, index) => index + 1)
  // First, last and two ellipses leave this many for the middle.
  const middle = maxSlots - 4
  const edge = maxSlots - 2
  if (page <= edge - Math.floor(middle / 2)) {
    return [...range(1, edge), 'ellipsis-end', totalPages]
  }
  if (page >= totalPages - edge + 1 + Math.floor(middle / 2)) {
    return [1, 'ellipsis-start', ...range(totalPages - edge + 1, totalPages)]
  }
  const start = page - Math.floor(middle / 2)
  return [1, 'ellipsis-start', ...range(start, start + middle - 1), 'ellipsis-end', totalPages]
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index)
}
