import type { ThemeData } from '#shared/contract/catalogue.ts'
import { cn } from '#web/lib/cn.ts'

/** The tags under a theme badge: its category (when it is not the theme itself), era and complexity. */
export function themeTags(theme: string, themeData: ThemeData | null): string[] {
  if (!themeData) return []
  return [
    themeData.category !== theme ? themeData.category : null,
    themeData.era,
    themeData.complexity,
  ].filter((tag): tag is string => Boolean(tag))
}

interface ThemeBadgeProps {
  theme: string
  themeData: ThemeData | null
  /** Show the category, era and complexity tags. */
  withTags?: boolean
  className?: string
}

/** The item's theme as a badge with the theme's colour, and optionally its tags. */
export function ThemeBadge({ theme, themeData, withTags = false, className }: ThemeBadgeProps) {
  const tags = withTags ? themeTags(theme, themeData) : []
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      <span className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-line-strong bg-raised px-2.5 py-0.5 font-medium text-fg text-xs">
        <span
          aria-hidden="true"
          className="size-2 shrink-0 rounded-full ring-1 ring-white/20"
          style={{ backgroundColor: themeData?.colorScheme ?? 'var(--color-muted)' }}
        />
        <span className="truncate">{theme}</span>
      </span>
      {tags.map((tag) => (
        <span key={tag} className="rounded-full bg-canvas px-2 py-0.5 text-[0.6875rem] text-muted">
          {tag}
        </span>
      ))}
    </div>
  )
}
