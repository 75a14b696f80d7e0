import { Trash2 } from 'lucide-react'
import type { WantedItem } from '#shared/contract/imports.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatCount, NO_VALUE } from '#web/lib/format.ts'
import { foundText, gradeWantedText, itemTitleText } from '../wanted-texts.ts'
import { WantedAlert, type WantedAlertProps } from './wanted-alert.tsx'
import { FairPrice, MaxPrice } from './wanted-amounts.tsx'
import { WantedTitle } from './wanted-title.tsx'

export interface WantedRowsProps extends Pick<WantedAlertProps, 'onAlert' | 'alerting'> {
  rows: readonly WantedItem[]
  onRemove: (wanted: WantedItem) => void
}

const COLUMNS: ReadonlyArray<{ label: string; numeric?: boolean; className?: string }> = [
  { label: 'Item', className: 'w-[32%]' },
  { label: 'Condition' },
  { label: 'Qty', numeric: true },
  { label: 'Most you’d pay', numeric: true },
  { label: 'Fair price today', numeric: true },
  { label: 'Notes', className: 'w-[16%]' },
  { label: 'Actions', numeric: true },
]

/** The wanted list as a table, on wide screens; phones get cards (wanted-cards.tsx). */
export function WantedTable({ rows, onRemove, onAlert, alerting }: WantedRowsProps) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full min-w-[60rem] border-collapse text-sm">
        <caption className="sr-only">Your wanted list, the newest first.</caption>
        <thead>
          <tr className="border-line border-b text-left text-muted text-xs">
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn(
                  'px-3 py-2.5 font-medium first:pl-4 last:pr-4',
                  column.numeric && 'text-right',
                  column.className,
                )}
              >
                <span className={cn(column.label === 'Actions' && 'sr-only')}>{column.label}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((wanted) => {
            const found = foundText(wanted)
            return (
              <tr key={wanted.id} className="align-middle transition-colors hover:bg-raised/50">
                <td className="py-3 pr-3 pl-4">
                  <div className="flex items-center gap-3">
                    <ItemImage
                      fallback="icon"
                      item={wanted.item}
                      alt={wanted.item.name}
                      className="size-12"
                    />
                    <WantedTitle item={wanted.item} />
                  </div>
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-fg">{gradeWantedText(wanted.grade)}</td>
                <td className="px-3 py-3 text-right tabular">
                  <span className="block text-fg">{formatCount(wanted.quantity)}</span>
                  {found ? (
                    <span className="block whitespace-nowrap text-subtle text-xs">{found}</span>
                  ) : null}
                </td>
                <td className="px-3 py-3 text-right">
                  <MaxPrice wanted={wanted} />
                </td>
                <td className="px-3 py-3 text-right">
                  <FairPrice wanted={wanted} verdict />
                </td>
                <td className="px-3 py-3 text-muted">
                  {wanted.notes ? (
                    <p className="line-clamp-3 [overflow-wrap:anywhere]" title={wanted.notes}>
                      {wanted.notes}
                    </p>
                  ) : (
                    <span className="text-subtle">{NO_VALUE}</span>
                  )}
                </td>
                <td className="py-3 pr-4 pl-3 text-right">
                  <div className="flex items-center justify-end gap-1">
                    <WantedAlert wanted={wanted} onAlert={onAlert} alerting={alerting} />
                    <RemoveWantedButton wanted={wanted} onRemove={onRemove} />
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </Card>
  )
}

/** The row's removal: asks first (the page's confirmation), then removes it from the list. */
export function RemoveWantedButton({
  wanted,
  onRemove,
}: {
  wanted: WantedItem
  onRemove: WantedRowsProps['onRemove']
}) {
  return (
    <button
      type="button"
      aria-label={`Remove ${itemTitleText(wanted.item)}`}
      title="Remove from wanted list"
      onClick={() => onRemove(wanted)}
      className="inline-flex h-9 items-center justify-center gap-1.5 rounded-lg px-2.5 font-medium text-muted text-sm transition-colors hover:bg-[#2a0d0e] hover:text-[#ff8a8c]"
    >
      <Trash2 aria-hidden="true" className="size-4" />
      Remove
    </button>
  )
}
