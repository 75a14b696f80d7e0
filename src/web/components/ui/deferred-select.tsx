import { ChevronDown } from 'lucide-react'
import { type ComponentType, useRef, useState } from 'react'
import { cn } from '#web/lib/cn.ts'
import type { SelectProps } from './select.tsx'
import { selectTriggerClasses } from './select-trigger.ts'

const loadSelect = () => import('./select.tsx').then((module) => module.Select)

/**
 * A select whose Radix code and options are left for when it is used: a filter on a screen's first view
 * (the catalogue lists' theme and year). Radix draws every option of a closed select as it mounts, which
 * held a phone's main thread longer than the list's own first cards, and its code was 24 of the sets screen's
 * 145 KB of script, gzipped (ADR 022). Until it is wanted, a button of the same look and name, showing the
 * chosen option, stands in: pointing at it or focusing it fetches the code; a click, Enter, Space or an arrow
 * key opens the real select in its place, focused as the stand-in was.
 */
export function DeferredSelect(props: SelectProps) {
  const [Loaded, setLoaded] = useState<ComponentType<SelectProps> | null>(null)
  const openOnLoad = useRef(false)
  const hasFocus = useRef(false)

  if (Loaded) return <Loaded {...props} defaultOpen={openOnLoad.current} autoFocus={hasFocus.current} />

  const prefetch = () => {
    void loadSelect()
  }
  const open = () => {
    openOnLoad.current = true
    void loadSelect().then((component) => setLoaded(() => component))
  }
  const chosen = props.options.find((option) => option.value === props.value)
  return (
    <button
      type="button"
      role="combobox"
      id={props.id}
      aria-expanded={false}
      aria-autocomplete="none"
      aria-invalid={props.invalid}
      aria-describedby={props.describedBy}
      aria-label={props['aria-label']}
      disabled={props.disabled}
      data-placeholder={chosen ? undefined : ''}
      className={cn(selectTriggerClasses, props.className)}
      onPointerEnter={prefetch}
      onFocus={() => {
        hasFocus.current = true
        prefetch()
      }}
      onBlur={() => {
        hasFocus.current = false
      }}
      onClick={open}
      onKeyDown={(event) => {
        if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) {
          event.preventDefault()
          open()
        }
      }}
    >
      <span>{chosen?.label ?? props.placeholder}</span>
      <span aria-hidden="true">
        <ChevronDown className="size-4 text-muted" />
      </span>
    </button>
  )
}
