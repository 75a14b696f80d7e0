import type { ReactNode } from 'react'
import type { ImageSubject } from '#shared/images.ts'
import { ItemImage } from '#web/components/ui/item-image.tsx'

/** The item an entry form is about, above its fields: picture, number, name and a line of detail. */
export function EntryItemSummary({
  item,
  detail,
  imageClassName = 'size-16',
}: {
  item: ImageSubject & { number: string; name: string }
  detail?: ReactNode
  imageClassName?: string
}) {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-line bg-canvas p-3">
      <ItemImage fallback="icon" item={item} alt={item.name} className={imageClassName} />
      <div className="min-w-0">
        <p className="font-mono text-brick-yellow text-xs tabular">{item.number}</p>
        <p className="font-semibold text-fg leading-snug">{item.name}</p>
        {detail ? <p className="mt-0.5 text-muted text-sm tabular">{detail}</p> : null}
      </div>
    </div>
  )
}
