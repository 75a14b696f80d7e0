import { Search, X } from 'lucide-react'
import { useRef } from 'react'
import { cn } from '#web/lib/cn.ts'
import { inputClasses } from './form-field.tsx'

interface SearchFieldProps {
  id: string
  /** The field's accessible name (the label is for screen readers; the placeholder shows). */
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  /** The add dialog opens to type a search: focus starts here, and comes back after Clear. */
  autoFocus?: boolean
}

/** A search box with a magnifier and a Clear button once something is typed. */
export function SearchField({ id, label, placeholder, value, onChange, autoFocus }: SearchFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-subtle"
      />
      <input
        ref={inputRef}
        id={id}
        type="search"
        // biome-ignore lint/a11y/noAutofocus: only where the screen opens to type a search
        autoFocus={autoFocus}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClasses, 'pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden')}
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            onChange('')
            if (autoFocus) inputRef.current?.focus()
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1.5 text-muted transition-colors hover:bg-raised hover:text-fg"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  )
}
