import { ArrowDown, ArrowUp, ArrowUpDown, CopyPlus, Pencil, Trash2 } from 'lucide-react'
import type { CollectionEntry } from '#shared/contract/collections.ts'
import type { CollectionSort } from '#shared/contract/values.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { cn } from '#web/lib/cn.ts'
import { NO_VALUE } from '#web/lib/format.ts'
import { ariaSort, type SortState } from '../collection-sort.ts'
import { EntryTitle } from './entry-row.tsx'
import { EntryValue } from './entry-value.tsx'
import { SignedChange } from './signed-change.tsx'

export interface EntryListProps {
  entries: readonly CollectionEntry[]
  format: (amountGbp: string | null | undefined) => string
  onEdit: (entry: CollectionEntry) => void
  onRemove: (entry: CollectionEntry) => void
  /** Another copy of the same item (e.g. in another condition): Add to Collection for that item. */
  onAddCopy: (entry: CollectionEntry) => void
}

interface CollectionTableProps extends EntryListProps {
  sort: SortState
  onSort: (column: CollectionSort) => void
  /** The list is being replaced (a new page or filter loading). */
  busy?: boolean
}

const COLUMNS: ReadonlyArray<{
  label: string
  sort?: CollectionSort
  numeric?: boolean
  className?: string
}> = [
  { label: 'Item', sort: 'name', className: 'w-[32%]' },
  { label: 'Condition', sort: 'condition' },
  { label: 'Qty', sort: 'quantity', numeric: true },
  { label: 'Cost Basis', sort: 'cost', numeric: true },
  { label: 'Current Value', sort: 'value', numeric: true },
  { label: 'P&L', sort: 'pnl', numeric: true },
  { label: 'Change (24h)', sort: 'change', numeric: true },
  { label: 'Actions', numeric: true },
]

/** The wide table of entries (spec 01 §2), sortable by its headers; phones get cards instead. */
export function CollectionTable({
  entries,
  format,
  onEdit,
  onRemove,
  onAddCopy,
  sort,
  onSort,
  busy,
}: CollectionTableProps) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full min-w-[60rem] border-collapse text-sm" aria-busy={busy}>
        <caption className="sr-only">Your collection. Column headers with buttons sort the table.</caption>
        <thead>
          <tr className="border-line border-b text-left text-muted text-xs">
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                aria-sort={column.sort ? ariaSort(sort, column.sort) : undefined}
                className={cn(
                  'px-3 py-2.5 font-medium first:pl-4 last:pr-4',
                  column.numeric && 'text-right',
                  column.className,
                )}
              >
                {column.sort ? (
                  <SortButton
                    label={column.label}
                    state={ariaSort(sort, column.sort)}
                    numeric={column.numeric}
                    onClick={() => onSort(column.sort as CollectionSort)}
                  />
                ) : (
                  <span className={cn(column.label === 'Actions' && 'sr-only')}>{column.label}</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn('divide-y divide-line transition-opacity', busy && 'opacity-60')}>
          {entries.map((entry) => (
            <tr key={entry.id} className="align-middle transition-colors hover:bg-raised/50">
              <td className="py-3 pr-3 pl-4">
                <div className="flex items-center gap-3">
                  <ItemImage fallback="icon" item={entry.item} alt={entry.item.name} className="size-12" />
                  <div className="min-w-0">
                    <EntryTitle entry={entry} />
                    <p className="truncate text-subtle text-xs">{entry.item.theme}</p>
                  </div>
                </div>
              </td>
              <td className="px-3 py-3 text-fg">{entry.condition.label}</td>
              <td className="px-3 py-3 text-right text-fg tabular">{entry.quantity}</td>
              <td className="px-3 py-3 text-right tabular">
                <span className="block text-fg">
                  {entry.costBasis === null ? NO_VALUE : format(entry.costBasis)}
                </span>
                {entry.pricePaid === null ? (
                  <span className="block text-subtle text-xs">Price paid unknown</span>
                ) : entry.quantity > 1 ? (
                  <span className="block text-subtle text-xs">{format(entry.pricePaid)} each</span>
                ) : null}
              </td>
              <td className="px-3 py-3 text-right tabular">
                <span className="block text-fg">
                  <EntryValue entry={entry} format={format} />
                </span>
                {entry.value === null ? (
                  <span className="block text-subtle text-xs">No market price</span>
                ) : entry.valueEstimated ? (
                  <span className="block text-subtle text-xs">Retail estimate</span>
                ) : entry.quantity > 1 && entry.priceSnapshot?.fairPriceGbp ? (
                  <span className="block text-subtle text-xs">
                    {format(entry.priceSnapshot.fairPriceGbp)} each
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-3 text-right">
                <SignedChange amount={entry.pnl} percent={entry.pnlPercent} format={format} stacked />
              </td>
              <td className="px-3 py-3 text-right">
                <SignedChange
                  amount={entry.change24h}
                  percent={entry.change24hPercent}
                  format={format}
                  stacked
                />
              </td>
              <td className="py-3 pr-4 pl-3">
                <EntryActions entry={entry} onEdit={onEdit} onRemove={onRemove} onAddCopy={onAddCopy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}

function SortButton({
  label,
  state,
  numeric,
  onClick,
}: {
  label: string
  state: 'ascending' | 'descending' | 'none'
  numeric?: boolean
  onClick: () => void
}) {
  const Icon = state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-1 rounded-md py-1 font-medium transition-colors hover:text-fg',
        numeric && 'flex-row-reverse',
        state !== 'none' ? 'text-fg' : 'text-muted',
      )}
    >
      {label}
      <Icon aria-hidden="true" className={cn('size-3.5', state === 'none' && 'opacity-50')} />
    </button>
  )
}

export function EntryActions({
  entry,
  onEdit,
  onRemove,
  onAddCopy,
}: Pick<EntryListProps, 'onEdit' | 'onRemove' | 'onAddCopy'> & { entry: CollectionEntry }) {
  const button =
    'inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-raised hover:text-fg'
  return (
    <div className="flex justify-end gap-0.5">
      <button
        type="button"
        aria-label={`Add another ${entry.item.name}`}
        title="Add another copy"
        onClick={() => onAddCopy(entry)}
        className={button}
      >
        <CopyPlus aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        aria-label={`Edit ${entry.item.name}`}
        title="Edit"
        onClick={() => onEdit(entry)}
        className={button}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        aria-label={`Remove ${entry.item.name}`}
        title="Remove"
        onClick={() => onRemove(entry)}
        className={cn(button, 'hover:bg-[#2a0d0e] hover:text-[#ff8a8c]')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  )
}
