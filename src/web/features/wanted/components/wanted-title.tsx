import { Link } from 'wouter'
import type { WantedItem } from '#shared/contract/imports.ts'
import { cn } from '#web/lib/cn.ts'
import { itemFactsText } from '../wanted-texts.ts'

/**
 * A wanted item's number and name, linked to its page, over its type, theme and year: how the table's
 * rows and the phone's cards head each item.
 */
export function WantedTitle({ item, className }: { item: WantedItem['item']; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <Link
        href={`/item/${item.slug}`}
        className="line-clamp-2 font-medium text-fg leading-snug underline-offset-2 hover:underline"
      >
        <span className="font-mono text-brick-yellow text-sm tabular">{item.number}</span> - {item.name}
      </Link>
      <p className="mt-0.5 truncate text-subtle text-xs">{itemFactsText(item)}</p>
    </div>
  )
}
