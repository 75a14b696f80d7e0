import { LoaderCircle, Plus, Search, X } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { SearchResult } from '#shared/contract/catalogue.ts'
import { SearchResultRow } from '#web/components/ui/search-result-row.tsx'
import { retailText, useItemSearch } from '#web/features/catalogue/index.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { cn } from '#web/lib/cn.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { moveHighlight } from '../move-highlight.ts'
import { isSearchable, noResultsText, SEARCH_BLUR_CLOSE_MS, SEARCH_DEBOUNCE_MS } from '../search-query.ts'

interface ItemSearchBoxProps {
  placeholder?: string
  /** The box's accessible name. */
  label?: string
  size?: 'md' | 'lg'
  className?: string
  /**
   * Choosing a result hands it here instead of opening its page (a form that links an item, e.g. the
   * community's Share Photo dialog); 'Add new item' is then not offered, since it would leave the form.
   */
  onSelect?: (item: SearchResult) => void
}

/**
 * The item search box (spec 01 §2): searches from 3 characters, lists matches with picture, number,
 * name, theme, type and retail price, and opens the chosen item. A combobox for assistive technology
 * and the keyboard: arrows move the highlight, Enter opens it, Escape clears and leaves.
 */
export function ItemSearchBox({
  placeholder = 'Search sets and minifigures',
  label = 'Search sets and minifigures',
  size = 'md',
  className,
  onSelect,
}: ItemSearchBoxProps) {
  const [, navigate] = useLocation()
  const { currency, rates } = useCurrency()
  // Adding an item needs an account, so only signed-in users are offered it.
  const canAdd = useSession().status === 'ready' && !onSelect
  const listboxId = useId()
  const containerRef = useRef<HTMLElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [highlight, setHighlight] = useState(-1)

  const trimmed = query.trim()
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS)
  const search = useItemSearch(debounced, isSearchable(debounced))
  const active = isSearchable(trimmed)
  const results: SearchResult[] = active && isSearchable(debounced) ? (search.data?.results ?? []) : []
  const settled = debounced === trimmed && !search.isPlaceholderData && !search.isFetching
  const noResults = active && settled && search.isSuccess && results.length === 0
  const failed = active && settled && search.isError
  const waiting = active && results.length === 0 && !noResults && !failed
  const expanded = open && active && (results.length > 0 || noResults || failed || waiting)
  const activeOption = expanded && highlight >= 0 && highlight < results.length ? highlight : -1
  const optionId = (index: number) => `${listboxId}-option-${index}`

  // Close on a click or tap anywhere outside the box and its list.
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  useEffect(() => () => clearTimeout(blurTimer.current), [])

  // Keep the highlighted row in view as the arrows move through a long list.
  useEffect(() => {
    if (activeOption >= 0)
      document.getElementById(optionId(activeOption))?.scrollIntoView({ block: 'nearest' })
  })

  const select = (item: SearchResult) => {
    setQuery('')
    setOpen(false)
    setHighlight(-1)
    if (onSelect) onSelect(item)
    else navigate(`/item/${item.slug}`)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!active) return
        event.preventDefault()
        setOpen(true)
        setHighlight((current) => moveHighlight(current, event.key === 'ArrowDown' ? 1 : -1, results.length))
        return
      }
      case 'Enter': {
        const item = activeOption >= 0 ? results[activeOption] : undefined
        if (!item) return
        event.preventDefault()
        select(item)
        return
      }
      case 'Escape': {
        event.preventDefault()
        setQuery('')
        setOpen(false)
        setHighlight(-1)
        inputRef.current?.blur()
        return
      }
    }
  }

  return (
    <search
      ref={containerRef}
      className={cn('relative w-full', className)}
      // Focus moving to the list's own controls (Add new item) keeps it open; leaving closes it 150 ms later.
      onFocus={() => clearTimeout(blurTimer.current)}
      onBlur={(event) => {
        if (containerRef.current?.contains(event.relatedTarget as Node | null)) return
        clearTimeout(blurTimer.current)
        blurTimer.current = setTimeout(() => setOpen(false), SEARCH_BLUR_CLOSE_MS)
      }}
    >
      <div className="relative">
        <Search
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-subtle',
            size === 'lg' ? 'size-5' : 'size-4',
          )}
        />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption >= 0 ? optionId(activeOption) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={placeholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setHighlight(-1)
            setOpen(true)
          }}
          onFocus={() => {
            clearTimeout(blurTimer.current)
            setOpen(true)
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'w-full rounded-xl border border-line-strong bg-surface text-fg shadow-black/30 shadow-lg transition-colors placeholder:text-subtle',
            'hover:border-muted focus-visible:border-brick-yellow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brick-yellow/40',
            size === 'lg' ? 'h-14 pr-12 pl-11 text-base' : 'h-11 pr-10 pl-10 text-base sm:text-sm',
          )}
        />
        {query ? (
          <button
            type="button"
            aria-label="Clear search"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setQuery('')
              setHighlight(-1)
              inputRef.current?.focus()
            }}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1.5 text-muted transition-colors hover:bg-raised hover:text-fg"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>

      <div
        className={cn(
          'absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-xl border border-line-strong bg-raised shadow-2xl shadow-black/60',
          !expanded && 'hidden',
        )}
      >
        <div
          id={listboxId}
          role="listbox"
          aria-label="Matching items"
          className="max-h-96 overflow-y-auto p-1.5"
        >
          {results.map((item, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives options from the combobox (aria-activedescendant)
            <div
              key={item.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeOption}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => {
                if (highlight !== index) setHighlight(index)
              }}
              onClick={() => select(item)}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg p-2 text-left',
                index === activeOption ? 'bg-line' : 'hover:bg-line/60',
              )}
            >
              <SearchResultRow
                item={item}
                alt={item.name}
                aside={
                  <div className="shrink-0 text-right">
                    <p className="text-[0.6875rem] text-subtle uppercase tracking-wide">Retail</p>
                    <p className="font-semibold text-fg text-sm tabular">
                      {searchRetail(item, { currency, rates })}
                    </p>
                  </div>
                }
              />
            </div>
          ))}
        </div>
        {noResults ? (
          <div className="px-4 py-5 text-center">
            <p className="text-muted text-sm">{noResultsText(trimmed)}</p>
            {canAdd ? (
              <Link
                href="/add-item"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setQuery('')
                  setOpen(false)
                }}
                className="mt-3 inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 font-medium text-brick-yellow text-sm transition-colors hover:bg-line"
              >
                <Plus aria-hidden="true" className="size-4" />
                Add new item
              </Link>
            ) : null}
          </div>
        ) : null}
        {failed ? (
          <p className="px-4 py-5 text-center text-muted text-sm">
            Search is unavailable right now. Please try again.
          </p>
        ) : null}
        {waiting ? (
          <p className="flex items-center justify-center gap-2 px-4 py-5 text-muted text-sm">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Searching…
          </p>
        ) : null}
        {results.length > 0 ? (
          <p className="border-line border-t px-4 py-2 text-right text-[0.6875rem] text-subtle">
            Data: Rebrickable
          </p>
        ) : null}
      </div>
      <p aria-live="polite" className="sr-only">
        {expanded && results.length > 0
          ? `${results.length} ${results.length === 1 ? 'item' : 'items'} found`
          : noResults
            ? noResultsText(trimmed)
            : ''}
      </p>
    </search>
  )
}

/** A result's retail price in the display currency with its region, or N/A. */
function searchRetail(item: SearchResult, money: Parameters<typeof retailText>[2]): string {
  const retail = retailText(item, 'short', money)
  if (!retail.isPrice) return 'N/A'
  return retail.region ? `${retail.text} ${retail.region}` : retail.text
}
