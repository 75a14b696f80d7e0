import { isOneOf } from '#shared/contract/values.ts'
import { Chip } from '#web/components/ui/chip.tsx'
import { SearchField } from '#web/components/ui/search-field.tsx'
import { SortSelect } from '#web/components/ui/sort-select.tsx'
import {
  FILTER_CHIPS,
  SORT_OPTIONS,
  WATCHLIST_SORTS,
  type WatchlistFilter,
  type WatchlistSort,
} from '../watchlist-view.ts'

interface WatchlistToolbarProps {
  searchValue: string
  onSearchChange: (value: string) => void
  filter: WatchlistFilter
  /** How many alerts the search leaves in each filter; unknown while the list loads. */
  counts: Record<WatchlistFilter, number> | undefined
  onFilterChange: (filter: WatchlistFilter) => void
  sort: WatchlistSort
  onSortChange: (sort: WatchlistSort) => void
}

/** Ours: the watchlist's search box, its filter chips and its order, for a list too long to scan. */
export function WatchlistToolbar({
  searchValue,
  onSearchChange,
  filter,
  counts,
  onFilterChange,
  sort,
  onSortChange,
}: WatchlistToolbarProps) {
  return (
    <div className="grid gap-3 lg:grid-cols-[minmax(0,20rem)_1fr_auto] lg:items-center">
      <SearchField
        id="watchlist-search"
        label="Search your alerts"
        placeholder="Search by name or number"
        value={searchValue}
        onChange={onSearchChange}
      />
      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="sr-only">Filter alerts</legend>
        <div className="flex flex-wrap items-center gap-2 lg:justify-end">
          {FILTER_CHIPS.map((chip) => (
            <Chip
              key={chip.value}
              active={filter === chip.value}
              count={counts?.[chip.value]}
              onClick={() => onFilterChange(chip.value)}
            >
              {chip.label}
            </Chip>
          ))}
        </div>
      </fieldset>
      <SortSelect
        id="watchlist-sort"
        value={sort}
        options={SORT_OPTIONS}
        onChange={(value) => {
          if (isOneOf(WATCHLIST_SORTS, value)) onSortChange(value)
        }}
      />
    </div>
  )
}
