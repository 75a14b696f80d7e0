import { cn } from '#web/lib/cn.ts'
import { inputClasses } from './form-field.tsx'

interface SortSelectProps {
  id: string
  value: string
  options: ReadonlyArray<{ value: string; label: string }>
  /** The option chosen, as its value; the list checks it is one of its own. */
  onChange: (value: string) => void
  className?: string
}

/** 'Sort by' and a native select of a list's orders (native, so a phone shows its own picker). */
export function SortSelect({ id, value, options, onChange, className }: SortSelectProps) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <label htmlFor={id} className="shrink-0 text-muted text-sm">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClasses, 'appearance-auto')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
