import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useDebouncedValue } from '../../lib/use-debounced-value.ts'
import { LIST_SEARCH_DEBOUNCE_MS, type ListParams, listSearch, parseListParams } from './catalogue-logic.ts'

/**
 * A list's filters and page, kept in the URL's query so a view can be shared and the back button
 * restores it. Choosing a theme, year or page adds a history entry; typing in the search box
 * replaces the current one (after a 300 ms pause), so Back does not step through every keystroke.
 * Changing a filter goes back to page 1.
 */
export function useListParams() {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const params = useMemo(() => parseListParams(search), [search])

  const update = useCallback(
    (patch: Partial<ListParams>, options: { replace?: boolean } = {}) => {
      const next: ListParams = { ...params, page: 1, ...patch }
      navigate(`${location}${listSearch(next)}`, { replace: options.replace ?? false })
    },
    [params, location, navigate],
  )

  // The search box: what is typed now, and the URL following it after a pause.
  const [searchInput, setSearchInput] = useState(params.query)
  const debounced = useDebouncedValue(searchInput.trim(), LIST_SEARCH_DEBOUNCE_MS)
  const latest = useRef({ params, update })
  latest.current = { params, update }
  useEffect(() => {
    if (debounced !== latest.current.params.query)
      latest.current.update({ query: debounced }, { replace: true })
  }, [debounced])
  // Back, Forward or a link changed the query: show it in the box.
  useEffect(() => {
    setSearchInput((typed) => (typed.trim() === params.query ? typed : params.query))
  }, [params.query])

  return { params, update, searchInput, setSearchInput }
}
