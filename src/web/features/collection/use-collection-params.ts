import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useDebouncedValue } from '../../lib/use-debounced-value.ts'
import {
  COLLECTION_SEARCH_DEBOUNCE_MS,
  type CollectionParams,
  collectionSearch,
  parseCollectionParams,
} from './collection-logic.ts'

/**
 * My Collection's search, filter, sort and page, kept in the URL so Back restores a view. Filters,
 * sorting and pages add a history entry; typing replaces the current one after a 300 ms pause.
 * Any change but the page itself goes back to page 1.
 */
export function useCollectionParams() {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const params = useMemo(() => parseCollectionParams(search), [search])

  const update = useCallback(
    (patch: Partial<CollectionParams>, options: { replace?: boolean } = {}) => {
      const next: CollectionParams = { ...params, page: 1, ...patch }
      navigate(`${location}${collectionSearch(next)}`, { replace: options.replace ?? false })
    },
    [params, location, navigate],
  )

  const [searchInput, setSearchInput] = useState(params.query)
  const debounced = useDebouncedValue(searchInput.trim(), COLLECTION_SEARCH_DEBOUNCE_MS)
  const latest = useRef({ params, update })
  latest.current = { params, update }
  useEffect(() => {
    if (debounced !== latest.current.params.query)
      latest.current.update({ query: debounced }, { replace: true })
  }, [debounced])
  // Back or Forward changed the query: show it in the box.
  useEffect(() => {
    setSearchInput((typed) => (typed.trim() === params.query ? typed : params.query))
  }, [params.query])

  return { params, update, searchInput, setSearchInput }
}
