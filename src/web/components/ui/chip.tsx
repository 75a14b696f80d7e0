import { cn } from '#web/lib/cn.ts'

/** A filter chip: a toggle button, filled while its filter is on. */
export function Chip({
  active,
  onClick,
  children,
}: {
  active: boolean
  onClick: () => void
  children: string
}) {
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
