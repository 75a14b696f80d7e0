import { Search, X } from 'lucide-react'
import type { CollectionFilter } from '#shared/contract/values.ts'
import { inputClasses } from '#web/components/ui/form-field.tsx'
import { cn } from '#web/lib/cn.ts'
import {
  type CollectionParams,
  PERFORMANCE_FILTERS,
  parseSortOption,
  sortOptions,
  TYPE_FILTERS,
} from '../collection-logic.ts'

type Sort = Pick<CollectionParams, 'sort' | 'direction'>

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
      <div className="relative">
        <label htmlFor="collection-search" className="sr-only">
          Search your collection
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-subtle"
        />
        <input
          id="collection-search"
          type="search"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="Search by name, number or theme"
          value={searchValue}
          onChange={(event) => onSearchChange(event.target.value)}
          className={cn(inputClasses, 'pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden')}
        />
        {searchValue ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => onSearchChange('')}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1.5 text-muted transition-colors hover:bg-raised hover:text-fg"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
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
      <div className="flex items-center gap-3 lg:hidden">
        <label htmlFor="collection-sort" className="shrink-0 text-muted text-sm">
          Sort by
        </label>
        <select
          id="collection-sort"
          value={`${sort.sort}:${sort.direction}`}
          onChange={(event) => {
            const next = parseSortOption(event.target.value)
            if (next) onSortChange(next)
          }}
          className={cn(inputClasses, 'appearance-auto')}
        >
          {sortOptions(sort).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center rounded-full border px-3.5 font-medium text-sm transition-colors',
        active
          ? 'border-brick-yellow bg-brick-yellow text-neutral-950'
          : 'border-line-strong bg-surface text-muted hover:border-muted hover:text-fg',
      )}
    >
      {children}
    </button>
  )
}
