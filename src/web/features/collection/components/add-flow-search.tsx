import { LoaderCircle, Plus } from 'lucide-react'
import { useEffect } from 'react'
import type { SearchResult } from '#shared/contract/catalogue.ts'
import { SearchField } from '#web/components/ui/search-field.tsx'
import { SearchResultRow } from '#web/components/ui/search-result-row.tsx'
import { useItemSearch } from '#web/features/catalogue/index.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { ADD_SEARCH_DEBOUNCE_MS } from '../add-search.ts'
import { isAddSearchable } from '../collection-form.ts'

interface AddFlowSearchProps {
  query: string
  onQueryChange: (query: string) => void
  onPick: (item: SearchResult) => void
  /** 'Add new item': the create mode, with what was typed. */
  onCreate: () => void
}

/**
 * Variant B's search mode (spec 01 §2, §5): searches from 1 character, 300 ms after the last
 * keystroke; picking a result goes to the details. A failed search is logged and shows no results.
 */
export function AddFlowSearch({ query, onQueryChange, onPick, onCreate }: AddFlowSearchProps) {
  const trimmed = query.trim()
  const debounced = useDebouncedValue(trimmed, ADD_SEARCH_DEBOUNCE_MS)
  const search = useItemSearch(debounced, isAddSearchable(debounced))
  const active = isAddSearchable(trimmed)
  const settled = active && debounced === trimmed && !search.isFetching && !search.isPlaceholderData
  const results = active && isAddSearchable(debounced) && !search.isError ? (search.data?.results ?? []) : []
  const noResults = settled && (search.isError || results.length === 0)
  const searching = active && !settled && results.length === 0

  useEffect(() => {
    if (search.isError) console.error('Search failed in the add dialog', search.error)
  }, [search.isError, search.error])

  return (
    <div className="grid gap-4">
      <SearchField
        id="add-flow-search"
        label="Search sets and minifigures"
        placeholder="Search by name or number, e.g. Falcon or 75192"
        value={query}
        onChange={onQueryChange}
        autoFocus
      />

      {!active ? (
        <p className="py-6 text-center text-muted text-sm">
          Find the set or minifigure you own, then add its condition and what you paid.
        </p>
      ) : null}

      {results.length > 0 ? (
        <ul
          aria-label="Search results"
          className="-mx-1.5 grid max-h-[min(24rem,50dvh)] grid-cols-[minmax(0,1fr)] gap-1 overflow-y-auto p-1.5"
        >
          {results.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onPick(item)}
                className="flex w-full items-center gap-3 rounded-lg border border-transparent p-2 text-left transition-colors hover:border-line-strong hover:bg-raised"
              >
                <SearchResultRow item={item} alt="" fallback="icon" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {searching ? (
        <p className="flex items-center justify-center gap-2 py-6 text-muted text-sm">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Searching…
        </p>
      ) : null}

      {noResults ? (
        <div className="rounded-xl border border-line border-dashed px-4 py-6 text-center">
          <p className="text-fg text-sm">No items found for "{trimmed}"</p>
          <p className="mt-1 text-muted text-sm">Can't find what you're looking for?</p>
          <button
            type="button"
            onClick={onCreate}
            className="mt-3 inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 font-semibold text-brick-yellow text-sm transition-colors hover:bg-raised"
          >
            <Plus aria-hidden="true" className="size-4" />
            Add new item
          </button>
        </div>
      ) : null}

      {results.length > 0 && settled ? (
        <p className="text-center text-muted text-xs">
          Not listed?{' '}
          <button
            type="button"
            onClick={onCreate}
            className="font-semibold text-brick-yellow underline-offset-2 hover:underline"
          >
            Add new item
          </button>
        </p>
      ) : null}

      <p aria-live="polite" className="sr-only">
        {settled
          ? results.length > 0
            ? `${results.length} items found`
            : 'No items found. You can add it as a new item.'
          : ''}
      </p>
    </div>
  )
}
