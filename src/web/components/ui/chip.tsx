import { cn } from '#web/lib/cn.ts'

/** A filter chip: a toggle button, filled while its filter is on, with how many it keeps when that is known. */
export function Chip({
  active,
  onClick,
  count,
  children,
}: {
  active: boolean
  onClick: () => void
  count?: number
  children: string
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-full border px-3.5 font-medium text-sm transition-colors',
        active
          ? 'border-brick-yellow bg-brick-yellow text-neutral-950'
          : 'border-line-strong bg-surface text-muted hover:border-muted hover:text-fg',
      )}
    >
      {children}
      {count === undefined ? null : (
        <span
          className={cn(
            'min-w-5 rounded-full px-1.5 text-center text-xs tabular-nums leading-5',
            active ? 'bg-neutral-950/15' : 'bg-line',
          )}
        >
          {count}
        </span>
      )}
    </button>
  )
}
