import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useDebouncedValue } from './use-debounced-value.ts'

/** What a list keeps in its URL: at least a search query and a page. */
export interface UrlListParams {
  query: string
  page: number
}

/**
 * A list's search, filters and page, kept in the URL's query so a view can be shared and the back
 * button restores it. Choosing a filter or a page adds a history entry; typing in the search box
 * replaces the current one after a pause, so Back does not step through every keystroke. Any change
 * but the page itself goes back to page 1.
 */
export function useUrlParams<P extends UrlListParams>({
  parse,
  serialize,
  debounceMs,
}: {
  parse: (search: string) => P
  serialize: (params: P) => string
  debounceMs: number
}) {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const params = useMemo(() => parse(search), [parse, search])

  const update = useCallback(
    (patch: Partial<P>, options: { replace?: boolean } = {}) => {
      const next: P = { ...params, page: 1, ...patch }
      navigate(`${location}${serialize(next)}`, { replace: options.replace ?? false })
    },
    [params, location, navigate, serialize],
  )

  // The search box: what is typed now, and the URL following it after a pause.
  const [searchInput, setSearchInput] = useState(params.query)
  const debounced = useDebouncedValue(searchInput.trim(), debounceMs)
  const latest = useRef({ params, update })
  latest.current = { params, update }
  useEffect(() => {
    if (debounced !== latest.current.params.query)
      latest.current.update({ query: debounced } as Partial<P>, { replace: true })
  }, [debounced])
  // Back, Forward or a link changed the query: show it in the box.
  useEffect(() => {
    setSearchInput((typed) => (typed.trim() === params.query ? typed : params.query))
  }, [params.query])

  return { params, update, searchInput, setSearchInput }
}
