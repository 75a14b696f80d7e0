import { cn } from '#web/lib/cn.ts'

interface SwitchProps {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  /** The switch's accessible name, e.g. 'Trusted: Ada Lovelace'. */
  label: string
  disabled?: boolean
  /** A visible word beside the switch ('Trusted'); clicking it flips the switch too. */
  text?: string
}

/**
 * An on/off switch (WAI-ARIA's switch pattern on a button: Space and Enter flip it, and it reads
 * "on"/"off"), for a setting that applies as soon as it is flipped.
 */
export function Switch({ checked, onCheckedChange, label, disabled, text }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className="group inline-flex items-center gap-2 rounded-full text-sm disabled:cursor-wait disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors',
          'group-focus-visible:ring-2 group-focus-visible:ring-brick-yellow/60 group-focus-visible:ring-offset-2 group-focus-visible:ring-offset-canvas',
          checked ? 'border-brick-yellow bg-brick-yellow' : 'border-line-strong bg-raised',
        )}
      >
        <span
          className={cn(
            'inline-block size-4 rounded-full shadow transition-transform motion-reduce:transition-none',
            checked ? 'translate-x-6 bg-neutral-950' : 'translate-x-1 bg-muted',
          )}
        />
      </span>
      {text ? <span className={checked ? 'font-semibold text-fg' : 'text-muted'}>{text}</span> : null}
    </button>
  )
}
