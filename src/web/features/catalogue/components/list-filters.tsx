import { useId, useMemo } from 'react'
import { currentYearUtc } from '#shared/dates.ts'
import { DeferredSelect } from '#web/components/ui/deferred-select.tsx'
import { SearchField } from '#web/components/ui/search-field.tsx'
import { yearOptions } from '../filter-options.ts'
import type { useListParams } from '../use-list-params.ts'

/** The select's value for "no filter" (Radix selects cannot hold an empty value). */
export const ALL = 'all'

interface ListFiltersProps {
  searchLabel: string
  searchPlaceholder: string
  themeOptions: ReadonlyArray<{ value: string; label: string }>
  /** The list's URL state from `useListParams()`. */
  state: ReturnType<typeof useListParams>
}

/** Search box, theme filter and year filter of a catalogue list. */
export function ListFilters({ searchLabel, searchPlaceholder, themeOptions, state }: ListFiltersProps) {
  const id = useId()
  const years = useMemo(() => yearOptions(currentYearUtc()), [])
  const { params, update } = state
  return (
    <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_18rem_10rem]">
      <SearchField
        id={`${id}-search`}
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={state.searchInput}
        onChange={state.setSearchInput}
      />
      <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-3 md:contents">
        <div>
          <label htmlFor={`${id}-theme`} className="sr-only">
            Theme
          </label>
          <DeferredSelect
            id={`${id}-theme`}
            value={params.theme || ALL}
            onValueChange={(value) => update({ theme: value === ALL ? '' : value })}
            options={[{ value: ALL, label: 'All Themes' }, ...themeOptions]}
            contentClassName="min-w-[min(20rem,calc(100vw-2rem))] w-auto max-w-[calc(100vw-2rem)]"
          />
        </div>
        <div>
          <label htmlFor={`${id}-year`} className="sr-only">
            Year
          </label>
          <DeferredSelect
            id={`${id}-year`}
            value={params.year || ALL}
            onValueChange={(value) => update({ year: value === ALL ? '' : value })}
            options={[
              { value: ALL, label: 'All Years' },
              ...years.map((y) => ({ value: String(y), label: String(y) })),
            ]}
          />
        </div>
      </div>
    </div>
  )
}
