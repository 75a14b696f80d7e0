import type { LucideIcon } from 'lucide-react'
import type { CollectionEntry } from '#shared/contract/collections.ts'
import { Card } from '#web/components/ui/card.tsx'
import { EntryRow } from './entry-row.tsx'
import { EstimateMarker } from './entry-value.tsx'
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
            <EntryRow
              key={entry.id}
              entry={entry}
              detail={
                <>
                  {' '}
                  · Qty <span className="tabular">{entry.quantity}</span>
                </>
              }
              aside={
                <div className="grid shrink-0 justify-items-end gap-0.5">
                  <SignedChange
                    amount={entry.pnl}
                    percent={entry.pnlPercent}
                    format={format}
                    stacked
                    className="text-right font-semibold text-sm"
                  />
                  {/* A gain or loss on a value estimated at retail is an estimate too. */}
                  {entry.valueEstimated ? <EstimateMarker entry={entry} /> : null}
                </div>
              }
            />
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-muted text-sm">{entries ? empty : 'Loading…'}</p>
      )}
    </Card>
  )
}
