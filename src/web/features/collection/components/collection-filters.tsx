import type { CollectionFilter } from '#shared/contract/values.ts'
import { Chip } from '#web/components/ui/chip.tsx'
import { SearchField } from '#web/components/ui/search-field.tsx'
import { SortSelect } from '#web/components/ui/sort-select.tsx'
import { PERFORMANCE_FILTERS, TYPE_FILTERS } from '../collection-params.ts'
import { parseSortOption, type SortState, sortOptions } from '../collection-sort.ts'

type Sort = SortState

interface CollectionFiltersProps {
  searchValue: string
  onSearchChange: (value: string) => void
  filter: CollectionFilter
  onFilterChange: (filter: CollectionFilter) => void
  sort: Sort
  onSortChange: (sort: Sort) => void
}

/** The collection's search box and its filter chips: what it is, and how it is doing. */
export function CollectionFilters({
  searchValue,
  onSearchChange,
  filter,
  onFilterChange,
  sort,
  onSortChange,
}: CollectionFiltersProps) {
  return (
    <div className="grid gap-3 lg:grid-cols-[minmax(0,22rem)_1fr] lg:items-center">
      <SearchField
        id="collection-search"
        label="Search your collection"
        placeholder="Search by name, number or theme"
        value={searchValue}
        onChange={onSearchChange}
      />
      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="sr-only">Filter items</legend>
        <div className="flex flex-wrap items-center gap-2 lg:justify-end">
          {TYPE_FILTERS.map((chip) => (
            <Chip key={chip.value} active={filter === chip.value} onClick={() => onFilterChange(chip.value)}>
              {chip.label}
            </Chip>
          ))}
          <span aria-hidden="true" className="mx-1 hidden h-5 w-px bg-line-strong sm:block" />
          {PERFORMANCE_FILTERS.map((chip) => (
            <Chip key={chip.value} active={filter === chip.value} onClick={() => onFilterChange(chip.value)}>
              {chip.label}
            </Chip>
          ))}
        </div>
      </fieldset>
      <SortSelect
        id="collection-sort"
        className="lg:hidden"
        value={`${sort.sort}:${sort.direction}`}
        options={sortOptions(sort)}
        onChange={(value) => {
          const next = parseSortOption(value)
          if (next) onSortChange(next)
        }}
      />
    </div>
  )
}
