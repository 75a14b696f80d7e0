/** Which page buttons a pager shows: pure, so the rule is unit-tested. */

export type PageSlot = number | 'start-gap' | 'end-gap'

/**
 * Up to 7 slots: the first and last page always, the current page with its neighbours, and a gap
 * where pages are left out. Nothing for a single page (no pager is needed).
 */
export function pageSlots(page: number, totalPages: number): PageSlot[] {
  if (totalPages <= 1) return []
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, index) => index + 1)
  const current = Math.min(Math.max(1, page), totalPages)
  if (current <= 4) return [1, 2, 3, 4, 5, 'end-gap', totalPages]
  if (current >= totalPages - 3)
    return [1, 'start-gap', ...Array.from({ length: 5 }, (_, index) => totalPages - 4 + index)]
  return [1, 'start-gap', current - 1, current, current + 1, 'end-gap', totalPages]
}
