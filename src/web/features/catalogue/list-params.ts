/** The sets and minifigures lists' search, filters and page, as they live in the URL (spec 02 §2, §9). */

/** 50 items a page. */
export const PAGE_SIZE = 50
export const LIST_SEARCH_DEBOUNCE_MS = 300

/** The filters and page of a list, as they live in the URL's query. */
export interface ListParams {
  query: string
  /** Sets: a theme id; minifigures: a theme name. Empty means all themes. */
  theme: string
  /** Empty means all years. */
  year: string
  page: number
  /** Minifigures only: the number of a set whose figures to show. */
  set: string
}

export const EMPTY_LIST_PARAMS: ListParams = { query: '', theme: '', year: '', page: 1, set: '' }

/** Reads the list's state from a query string; anything malformed falls back to its default. */
export function parseListParams(search: string): ListParams {
  const params = new URLSearchParams(search)
  const text = (name: string) => (params.get(name) ?? '').trim()
  const page = Number(text('page'))
  const year = text('year')
  return {
    query: text('query'),
    theme: text('theme'),
    year: /^\d{4}$/.test(year) ? year : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    set: text('set'),
  }
}

/** The query string for a list state, without defaults, so URLs stay short and shareable. */
export function listSearch(params: ListParams): string {
  const search = new URLSearchParams()
  if (params.set) search.set('set', params.set)
  if (params.query) search.set('query', params.query)
  if (params.theme) search.set('theme', params.theme)
  if (params.year) search.set('year', params.year)
  if (params.page > 1) search.set('page', String(params.page))
  const text = search.toString()
  return text ? `?${text}` : ''
}
