import { useId } from 'react'
import { SearchField } from '#web/components/ui/search-field.tsx'
import { Select } from '#web/components/ui/select.tsx'

/** The select's value for "no filter" (Radix selects cannot hold an empty value). */
export const ALL = 'all'

interface ListFiltersProps {
  searchLabel: string
  searchPlaceholder: string
  searchValue: string
  onSearchChange: (value: string) => void
  themeOptions: ReadonlyArray<{ value: string; label: string }>
  theme: string
  onThemeChange: (value: string) => void
  years: readonly number[]
  year: string
  onYearChange: (value: string) => void
}

/** Search box, theme filter and year filter of a catalogue list. */
export function ListFilters({
  searchLabel,
  searchPlaceholder,
  searchValue,
  onSearchChange,
  themeOptions,
  theme,
  onThemeChange,
  years,
  year,
  onYearChange,
}: ListFiltersProps) {
  const id = useId()
  return (
    <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_18rem_10rem]">
      <SearchField
        id={`${id}-search`}
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={searchValue}
        onChange={onSearchChange}
      />
      <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-3 md:contents">
        <div>
          <label htmlFor={`${id}-theme`} className="sr-only">
            Theme
          </label>
          <Select
            id={`${id}-theme`}
            value={theme || ALL}
            onValueChange={(value) => onThemeChange(value === ALL ? '' : value)}
            options={[{ value: ALL, label: 'All Themes' }, ...themeOptions]}
            contentClassName="min-w-[min(20rem,calc(100vw-2rem))] w-auto max-w-[calc(100vw-2rem)]"
          />
        </div>
        <div>
          <label htmlFor={`${id}-year`} className="sr-only">
            Year
          </label>
          <Select
            id={`${id}-year`}
            value={year || ALL}
            onValueChange={(value) => onYearChange(value === ALL ? '' : value)}
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
