/** Pure rules of the sets and minifigures lists (spec 02 §2, §9), unit-tested. */
import type { Theme } from '#shared/contract/catalogue.ts'

export const PAGE_SIZE = 50
export const SET_SKELETON_COUNT = 6
export const MINIFIG_SKELETON_COUNT = 12
/** The year filter spans the current year and the 29 before it: the last 30 years. */
export const YEAR_FILTER_SPAN = 30
/** The minifigure theme filter is built from the themes of the first 1000 minifigures. */
export const MINIFIG_THEME_SOURCE_LIMIT = 1000
export const LIST_SEARCH_DEBOUNCE_MS = 300

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize))
}

/** 'Showing x-y of N sets' for a page of the sets list. */
export function showingSetsText(page: number, shown: number, total: number, pageSize = PAGE_SIZE): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${total} sets`
  const first = (page - 1) * pageSize + 1
  return `Showing ${first}-${first + shown - 1} of ${total} sets`
}

/** 'Showing n of total minifigures' (spec 02 §2). */
export function showingMinifiguresText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} minifigures`
}

/** The year filter's choices, newest first: the current year back through the last 30 years. */
export function yearOptions(currentYear: number, span = YEAR_FILTER_SPAN): number[] {
  return Array.from({ length: span }, (_, index) => currentYear - index)
}

export interface ThemeOption {
  value: string
  label: string
}

/**
 * The sets' theme filter: each theme with its category, e.g. 'Ultimate Collector Series (Star Wars)'
 * (a top-level theme is its own category, so it shows just its name), sorted by category, the
 * top-level theme first, then by name.
 */
export function setThemeOptions(themes: readonly Theme[]): ThemeOption[] {
  return [...themes]
    .sort(
      (a, b) =>
        compareText(a.category, b.category) ||
        Number(b.name === b.category) - Number(a.name === a.category) ||
        compareText(a.name, b.name),
    )
    .map((theme) => ({
      value: String(theme.id),
      label: theme.name === theme.category ? theme.name : `${theme.name} (${theme.category})`,
    }))
}

/** The minifigures' theme filter: the distinct theme names of the given figures, sorted. */
export function minifigThemeNames(items: ReadonlyArray<{ theme: string }>): string[] {
  const names = new Set(items.map((item) => item.theme.trim()).filter(Boolean))
  return [...names].sort(compareText)
}

function compareText(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base' })
}

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

/** The page's offset for the API. */
export function pageOffset(page: number, pageSize = PAGE_SIZE): number {
  return (Math.max(1, page) - 1) * pageSize
}
