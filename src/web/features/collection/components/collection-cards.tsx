import type { ReactNode } from 'react'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { cn } from '#web/lib/cn.ts'
import { NO_VALUE } from '#web/lib/format.ts'
import { EntryActions, type EntryListProps } from './collection-table.tsx'
import { EntryTitle } from './entry-row.tsx'
import { EntryValue } from './entry-value.tsx'
import { SignedChange } from './signed-change.tsx'

/** The entries as cards, for phones and narrow windows, where the wide table would not fit. */
export function CollectionCards({
  entries,
  format,
  onEdit,
  onRemove,
  onAddCopy,
  busy,
}: EntryListProps & { busy?: boolean }) {
  return (
    <ul aria-label="Collection items" className={cn('grid gap-3 transition-opacity', busy && 'opacity-60')}>
      {entries.map((entry) => (
        <Card as="li" key={entry.id} className="p-4">
          <div className="flex items-start gap-3">
            <ItemImage fallback="icon" item={entry.item} alt={entry.item.name} className="size-14" />
            <div className="min-w-0 flex-1">
              <EntryTitle entry={entry} className="leading-snug" />
              <p className="mt-0.5 text-muted text-xs">
                {entry.condition.label} · Qty <span className="tabular">{entry.quantity}</span>
              </p>
            </div>
            <EntryActions entry={entry} onEdit={onEdit} onRemove={onRemove} onAddCopy={onAddCopy} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 border-line border-t pt-3 text-sm">
            <Figure label="Cost Basis">
              {entry.costBasis === null ? NO_VALUE : format(entry.costBasis)}
            </Figure>
            <Figure label="Current Value">
              <EntryValue entry={entry} format={format} />
            </Figure>
            <Figure label="P&L">
              <SignedChange amount={entry.pnl} percent={entry.pnlPercent} format={format} />
            </Figure>
            <Figure label="Change (24h)">
              <SignedChange amount={entry.change24h} percent={entry.change24hPercent} format={format} />
            </Figure>
          </dl>
        </Card>
      ))}
    </ul>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-subtle text-xs">{label}</dt>
      <dd className="truncate font-semibold text-fg tabular">{children}</dd>
    </div>
  )
}
