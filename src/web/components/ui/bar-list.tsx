import { cn } from '#web/lib/cn.ts'

export interface BarListRow {
  key: string
  label: string
  /** The amount as the reader sees it, e.g. '$1234.00'. */
  valueText: string
  /** Share of the whole in percent, e.g. '42.5'. */
  percent: string
  /** A second line, e.g. '3 items'. */
  detail?: string
}

interface BarListProps {
  rows: readonly BarListRow[]
  /** The list's accessible name. */
  label: string
  /** Bar colour classes, e.g. 'bg-brick-blue'; cycles through the list. */
  colors?: readonly string[]
  className?: string
}

const DEFAULT_COLORS = ['bg-brick-yellow', 'bg-brick-blue-bright', 'bg-brick-red', 'bg-brick-green']

/**
 * Shares of a whole as a list of labelled bars. Every value and percentage is written out, so the
 * bars (decorative) never carry meaning on their own.
 */
export function BarList({ rows, label, colors = DEFAULT_COLORS, className }: BarListProps) {
  return (
    <ul aria-label={label} className={cn('grid gap-3.5', className)}>
      {rows.map((row, index) => (
        <li key={row.key} className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium text-fg">
              {row.label}
              {row.detail ? <span className="ml-2 font-normal text-subtle text-xs">{row.detail}</span> : null}
            </span>
            <span className="shrink-0 text-right tabular">
              <span className="font-semibold text-fg">{row.valueText}</span>
              <span className="ml-2 inline-block w-14 text-muted">{row.percent}%</span>
            </span>
          </div>
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-raised">
            <div
              className={cn('h-full rounded-full', colors[index % colors.length])}
              style={{ width: `${Math.min(100, Math.max(0, Number(row.percent)))}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}
