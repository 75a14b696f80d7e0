/** When the item search box searches, how much it asks for, and what it says (spec 01 §2, §5, §9). */

export const SEARCH_MIN_LENGTH = 3
// The page size is part of the search's query key, which the catalogue owns.
export { SEARCH_LIMIT } from '#web/features/catalogue/index.ts'
export const SEARCH_DEBOUNCE_MS = 250
export const SEARCH_BLUR_CLOSE_MS = 150

/** Searching starts at 3 characters (the spec: "longer than 2"), ignoring surrounding spaces. */
export function isSearchable(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_LENGTH
}

export function noResultsText(query: string): string {
  return `No items found for "${query.trim()}"`
}
