import type { ReactNode } from 'react'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { formatCount } from '#web/lib/format.ts'
import { foundText, gradeWantedText } from '../wanted-texts.ts'
import { WantedAlert } from './wanted-alert.tsx'
import { FairPrice, MaxPrice, PriceVerdict } from './wanted-amounts.tsx'
import { RemoveWantedButton, type WantedRowsProps } from './wanted-table.tsx'
import { WantedTitle } from './wanted-title.tsx'

/** The wanted list as cards, for phones and narrow windows, where the wide table would not fit. */
export function WantedCards({ rows, onRemove, onAlert, alerting }: WantedRowsProps) {
  return (
    <ul aria-label="Wanted items" className="grid gap-3">
      {rows.map((wanted) => {
        const found = foundText(wanted)
        return (
          <Card as="li" key={wanted.id} className="p-4">
            <div className="flex items-start gap-3">
              <ItemImage fallback="icon" item={wanted.item} alt={wanted.item.name} className="size-14" />
              <WantedTitle item={wanted.item} className="flex-1" />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 border-line border-t pt-3 text-sm">
              <Figure label="Condition">{gradeWantedText(wanted.grade)}</Figure>
              <Figure label="Quantity">
                <span className="tabular">{formatCount(wanted.quantity)}</span>
                {found ? <span className="block text-subtle text-xs">{found}</span> : null}
              </Figure>
              <Figure label="Most you’d pay">
                <MaxPrice wanted={wanted} />
              </Figure>
              <Figure label="Fair price today">
                <FairPrice wanted={wanted} />
              </Figure>
            </dl>
            <PriceVerdict wanted={wanted} className="mt-3" />
            {wanted.notes ? (
              <p className="mt-3 text-muted text-sm [overflow-wrap:anywhere]">
                <span className="sr-only">Notes: </span>
                {wanted.notes}
              </p>
            ) : null}
            <div className="mt-3 flex justify-end gap-1 border-line border-t pt-2">
              <WantedAlert wanted={wanted} onAlert={onAlert} alerting={alerting} />
              <RemoveWantedButton wanted={wanted} onRemove={onRemove} />
            </div>
          </Card>
        )
      })}
    </ul>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-subtle text-xs">{label}</dt>
      <dd className="mt-0.5 text-fg">{children}</dd>
    </div>
  )
}
