import type { ReactNode } from 'react'
import type { SearchResult } from '#shared/contract/catalogue.ts'
import { itemTypeLabel } from '#web/lib/labels.ts'
import { type ImageFallback, ItemImage } from './item-image.tsx'

interface SearchResultRowProps {
  item: Pick<SearchResult, 'type' | 'number' | 'name' | 'theme' | 'year' | 'imageUrl'>
  /** The picture's alt text: '' where the row's own text names the item for assistive technology. */
  alt: string
  fallback?: ImageFallback
  /** Shown at the row's end, e.g. the retail price. */
  aside?: ReactNode
}

/**
 * One search result: picture, number and type, name, theme and year (spec 01 §2, §5). Only phrasing
 * elements, so it can sit inside a button as well as a listbox option; the caller owns the row's box.
 */
export function SearchResultRow({ item, alt, fallback, aside }: SearchResultRowProps) {
  return (
    <>
      <ItemImage
        item={item}
        alt={alt}
        fallback={fallback}
        className="size-12 shrink-0 rounded-lg border border-line"
      />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2 text-xs">
          <span className="font-mono text-brick-yellow tabular">{item.number}</span>
          <span className="rounded-sm bg-canvas px-1.5 py-0.5 text-[0.6875rem] text-muted uppercase tracking-wide">
            {itemTypeLabel(item.type)}
          </span>
        </span>
        <span className="block truncate font-medium text-fg text-sm">{item.name}</span>
        <span className="block truncate text-muted text-xs">
          {item.theme}
          {item.year ? ` · ${item.year}` : ''}
        </span>
      </span>
      {aside}
    </>
  )
}
