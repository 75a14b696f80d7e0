import { Link } from 'wouter'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'

/** The Variants tab: the items recorded as variants of this one (spec 02 §2). */
export function VariantsTab({ item }: { item: ItemDetail }) {
  if (item.variants.length === 0) {
    return (
      <Card as="p" variant="dashed" className="px-6 py-12 text-center text-muted">
        No variants found for this item.
      </Card>
    )
  }
  return (
    <ul aria-label="Variants" className="grid gap-3 sm:grid-cols-2">
      {item.variants.map((variant) => (
        <li key={variant.id}>
          <Link
            href={`/item/${variant.slug}`}
            className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3 transition-colors hover:border-line-strong"
          >
            <ItemImage item={variant} alt={variant.name} className="size-14 shrink-0 rounded-lg" />
            <span className="min-w-0">
              <span className="block font-mono text-brick-yellow text-xs">{variant.number}</span>
              <span className="block truncate font-medium text-sm">{variant.name}</span>
              {variant.year ? <span className="block text-muted text-xs">{variant.year}</span> : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
