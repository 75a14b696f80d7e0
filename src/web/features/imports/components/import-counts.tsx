import { cn } from '#web/lib/cn.ts'
import { formatCount } from '#web/lib/format.ts'

export interface CountTile {
  label: string
  count: number
  /** Rows that need the user's eye (not imported). */
  warn?: boolean
}

/** The counts of a preview or a result, as tiles; a tile of 0 is shown dimmed, never hidden. */
export function ImportCounts({ tiles, label }: { tiles: CountTile[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {tiles.map((tile) => (
        <div
          key={tile.label}
          className={cn(
            'rounded-xl border px-3 py-2.5',
            tile.warn && tile.count > 0
              ? 'border-brick-yellow/40 bg-brick-yellow/5'
              : 'border-line bg-canvas/40',
          )}
        >
          <dt className="text-muted text-xs">{tile.label}</dt>
          <dd className={cn('font-bold text-xl tabular', tile.count === 0 && 'text-subtle')}>
            {formatCount(tile.count)}
          </dd>
        </div>
      ))}
    </dl>
  )
}
