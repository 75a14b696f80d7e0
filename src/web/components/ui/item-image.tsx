import { PersonStanding, ToyBrick } from 'lucide-react'
import { useState } from 'react'
import { type ImageSubject, itemImageSrc, placeholderImage } from '#shared/images.ts'
import { cn } from '#web/lib/cn.ts'

/**
 * What stands in for a missing picture: the placeholder picture for the item's type (catalogue cards,
 * the item page, the search box), or an icon for its type in a small framed thumbnail (collection rows,
 * the add dialogs): a person for a minifigure, a brick otherwise.
 */
export type ImageFallback = 'placeholder' | 'icon'

const LOOKS: Record<ImageFallback, { box: string; missing: string; picture: string }> = {
  placeholder: {
    box: 'flex items-center justify-center overflow-hidden',
    missing: 'bg-[#18181b]',
    picture: 'object-contain p-[6%]',
  },
  icon: {
    box: 'flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line',
    missing: 'bg-raised text-muted',
    picture: 'object-contain p-[8%]',
  },
}

interface ItemImageProps {
  item: ImageSubject
  /** Alt text; the item's name in most places, '' where the name is written beside it. */
  alt: string
  fallback?: ImageFallback
  /** The box around the picture: size, shape, border. */
  className?: string
  /** Thumbnails load at once; larger pictures when they come into view. */
  loading?: 'lazy' | 'eager'
  /** 'high' for the picture that is a screen's largest content (the item page's), so it is not queued behind scripts. */
  fetchPriority?: 'high'
}

/**
 * An item's picture by the shared image rule (through the image proxy, spec 01 §3, spec 02 §8), with
 * its fallback when there is none or it fails to load. Catalogue pictures are drawn for a white
 * background; the placeholders are dark.
 */
export function ItemImage({
  item,
  alt,
  fallback = 'placeholder',
  className,
  loading = fallback === 'placeholder' ? 'lazy' : undefined,
  fetchPriority,
}: ItemImageProps) {
  const src = itemImageSrc(item)
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined)
  const missing = failedSrc === src || src.startsWith('/images/placeholder-')
  const look = LOOKS[fallback]
  const box = cn(look.box, missing ? look.missing : 'bg-white', className)
  if (missing && fallback === 'icon') {
    const Icon = item.type === 'minifig' ? PersonStanding : ToyBrick
    return (
      <span className={box}>
        {/* A decorative picture (alt '', the name written beside it) is hidden from screen readers. */}
        {alt ? (
          <Icon role="img" aria-label={alt} className="size-1/2" />
        ) : (
          <Icon aria-hidden="true" className="size-1/2" />
        )}
      </span>
    )
  }
  const shown = missing ? placeholderImage(item.type) : src
  return (
    <span className={box}>
      <img
        // A new source gets a fresh element, so a failure of the old one never hides the new one.
        key={shown}
        src={shown}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        data-placeholder={missing ? '' : undefined}
        onError={() => {
          if (!missing) setFailedSrc(src)
        }}
        className={cn('size-full', missing ? 'object-cover' : look.picture)}
      />
    </span>
  )
}
