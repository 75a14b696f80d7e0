import { useUrlParams } from '#web/lib/use-url-params.ts'
import {
  COLLECTION_SEARCH_DEBOUNCE_MS,
  collectionSearch,
  parseCollectionParams,
} from './collection-params.ts'

/** My Collection's search, filter, sort and page, kept in the URL. */
export function useCollectionParams() {
  return useUrlParams({
    parse: parseCollectionParams,
    serialize: collectionSearch,
    debounceMs: COLLECTION_SEARCH_DEBOUNCE_MS,
  })
}
