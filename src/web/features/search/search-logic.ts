/** Pure rules of the item search box (spec 01 §2, §5, §9), unit-tested. */

export const SEARCH_MIN_LENGTH = 3
// The page size is part of the search's query key, which the catalogue owns.
export { SEARCH_LIMIT } from '#web/features/catalogue/index.ts'
export const SEARCH_DEBOUNCE_MS = 250
export const SEARCH_BLUR_CLOSE_MS = 150

/** Searching starts at 3 characters (the spec: "longer than 2"), ignoring surrounding spaces. */
export function isSearchable(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_LENGTH
}

/**
 * The highlighted row after an arrow key: none (-1) to start; Down from none goes to the first row,
 * Up from none to the last; moves wrap around at both ends.
 */
export function moveHighlight(current: number, direction: 1 | -1, count: number): number {
  if (count <= 0) return -1
  if (current < 0 || current >= count) return direction === 1 ? 0 : count - 1
  return (current + direction + count) % count
}

export function noResultsText(query: string): string {
  return `No items found for "${query.trim()}"`
}
