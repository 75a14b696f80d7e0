import * as SelectPrimitive from '@radix-ui/react-select'
import { Check, ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'
import { selectTriggerClasses } from './select-trigger.ts'

export interface SelectProps {
  id?: string
  value: string | undefined
  onValueChange: (value: string) => void
  placeholder?: string
  options: ReadonlyArray<{ value: string; label: string; description?: string }>
  invalid?: boolean
  describedBy?: string
  disabled?: boolean
  name?: string
  /** Extra classes for the trigger (e.g. its width). */
  className?: string
  /** Extra classes for the list (e.g. wider than the trigger). */
  contentClassName?: string
  /** The list's accessible name when the trigger has no label of its own. */
  'aria-label'?: string
  /** Open on mount (a deferred select asked for by click or key before its code was there). */
  defaultOpen?: boolean
  /** Focus the trigger on mount (it replaces a focused stand-in). */
  autoFocus?: boolean
}

/** A styled Radix select for forms. */
export function Select({
  id,
  value,
  onValueChange,
  placeholder,
  options,
  invalid,
  describedBy,
  disabled,
  name,
  className,
  contentClassName,
  'aria-label': ariaLabel,
  defaultOpen,
  autoFocus,
}: SelectProps) {
  return (
    <SelectPrimitive.Root
      value={value ?? ''}
      onValueChange={onValueChange}
      disabled={disabled}
      name={name}
      defaultOpen={defaultOpen}
    >
      <SelectPrimitive.Trigger
        id={id}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        aria-label={ariaLabel}
        // Only when it replaces a deferred select's stand-in that had the focus.
        autoFocus={autoFocus}
        className={cn(selectTriggerClasses, className)}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden="true" className="size-4 text-muted" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={6}
          className={cn(
            'z-50 max-h-[var(--radix-select-content-available-height)] w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-line-strong bg-raised text-fg shadow-2xl shadow-black/60',
            contentClassName,
          )}
        >
          <SelectPrimitive.Viewport className="p-1.5">
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value} description={option.description}>
                {option.label}
              </SelectItem>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  )
}

function SelectItem({
  value,
  description,
  children,
}: {
  value: string
  description?: string
  children: ReactNode
}) {
  return (
    <SelectPrimitive.Item
      value={value}
      className="relative flex cursor-pointer select-none flex-col rounded-lg py-2 pr-9 pl-3 text-sm outline-none data-[highlighted]:bg-line"
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      {description ? <span className="text-muted text-xs">{description}</span> : null}
      <SelectPrimitive.ItemIndicator className="absolute top-1/2 right-3 -translate-y-1/2">
        <Check aria-hidden="true" className="size-4 text-brick-yellow" />
      </SelectPrimitive.ItemIndicator>
    </SelectPrimitive.Item>
  )
}
