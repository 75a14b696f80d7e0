import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { CollectionEntry } from '#shared/contract/collections.ts'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { cn } from '#web/lib/cn.ts'

type EntryItem = Pick<CollectionEntry, 'item' | 'condition' | 'quantity'>

/**
 * An entry in a short list (Home's most valuable and newest, analytics' best and worst): thumbnail,
 * linked name, number and condition, and `aside` at the end. `detail` follows the condition.
 */
export function EntryRow({
  entry,
  detail,
  aside,
}: {
  entry: EntryItem
  detail?: ReactNode
  aside: ReactNode
}) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <ItemImage fallback="icon" item={entry.item} alt={entry.item.name} className="size-11" />
      <div className="min-w-0 flex-1">
        <Link
          href={`/item/${entry.item.slug}`}
          className="line-clamp-1 font-medium text-fg text-sm underline-offset-2 hover:underline"
        >
          {entry.item.name}
        </Link>
        <p className="truncate text-subtle text-xs">
          <span className="font-mono tabular">{entry.item.number}</span> · {entry.condition.label}
          {detail}
        </p>
      </div>
      {aside}
    </li>
  )
}

/** An entry's number above its linked name, as the collection's table and cards head each entry. */
export function EntryTitle({ entry, className }: { entry: EntryItem; className?: string }) {
  return (
    <>
      <p className="font-mono text-brick-yellow text-xs tabular">{entry.item.number}</p>
      <Link
        href={`/item/${entry.item.slug}`}
        className={cn('line-clamp-2 font-medium text-fg underline-offset-2 hover:underline', className)}
      >
        {entry.item.name}
      </Link>
    </>
  )
}
