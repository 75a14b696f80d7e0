import { useUrlParams } from '#web/lib/use-url-params.ts'
import { LIST_SEARCH_DEBOUNCE_MS, listSearch, parseListParams } from './list-params.ts'

/** The sets and minifigures lists' search, theme, year and page, kept in the URL. */
export function useListParams() {
  return useUrlParams({ parse: parseListParams, serialize: listSearch, debounceMs: LIST_SEARCH_DEBOUNCE_MS })
}
