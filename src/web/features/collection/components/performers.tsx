import type { LucideIcon } from 'lucide-react'
import { Link } from 'wouter'
import type { CollectionEntry } from '#shared/contract/collections.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { SignedChange } from './signed-change.tsx'

interface PerformersProps {
  title: string
  icon: LucideIcon
  entries: readonly CollectionEntry[] | undefined
  empty: string
  format: (amountGbp: string | null | undefined) => string
}

/** Best or worst performers: entries with their profit or loss and its percentage. */
export function Performers({ title, icon: Icon, entries, empty, format }: PerformersProps) {
  const headingId = `performers-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Card as="section" aria-labelledby={headingId} className="p-4 sm:p-6">
      <h2 id={headingId} className="flex items-center gap-2 font-bold text-lg">
        <Icon aria-hidden="true" className="size-5 text-muted" />
        {title}
      </h2>
      {entries && entries.length > 0 ? (
        <ol className="mt-3 divide-y divide-line">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center gap-3 py-2.5">
              <ItemImage fallback="icon" item={entry.item} alt={entry.item.name} className="size-11" />
              <div className="min-w-0 flex-1">
                <Link
                  href={`/item/${entry.item.slug}`}
                  className="line-clamp-1 font-medium text-fg text-sm underline-offset-2 hover:underline"
                >
                  {entry.item.name}
                </Link>
                <p className="text-subtle text-xs">
                  <span className="font-mono tabular">{entry.item.number}</span> · {entry.condition.label} ·
                  Qty <span className="tabular">{entry.quantity}</span>
                </p>
              </div>
              <SignedChange
                amount={entry.pnl}
                percent={entry.pnlPercent}
                format={format}
                stacked
                className="text-right font-semibold text-sm"
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-muted text-sm">{entries ? empty : 'Loading…'}</p>
      )}
    </Card>
  )
}
