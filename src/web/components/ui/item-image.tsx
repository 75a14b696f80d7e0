import { useState } from 'react'
import { type ImageSubject, itemImageSrc, placeholderImage } from '#shared/images.ts'
import { cn } from '#web/lib/cn.ts'

interface ItemImageProps {
  item: ImageSubject
  /** Alt text; the item's name in most places. */
  alt: string
  /** The box around the picture: size, shape, border. */
  className?: string
  /** The picture inside the box. */
  imageClassName?: string
  loading?: 'lazy' | 'eager'
}

/**
 * An item's picture by the shared image rule (through the image proxy), falling back to the
 * placeholder for its type when it fails to load (spec 01 §3, spec 02 §8). Catalogue pictures are
 * drawn for a white background; the placeholders are dark.
 */
export function ItemImage({ item, alt, className, imageClassName, loading = 'lazy' }: ItemImageProps) {
  const src = itemImageSrc(item)
  const placeholder = placeholderImage(item.type)
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined)
  const shown = failedSrc === src ? placeholder : src
  const isPlaceholder = shown === placeholder
  return (
    <span
      className={cn(
        'flex items-center justify-center overflow-hidden',
        isPlaceholder ? 'bg-[#18181b]' : 'bg-white',
        className,
      )}
    >
      <img
        // A new source gets a fresh element, so a failure of the old one never hides the new one.
        key={shown}
        src={shown}
        alt={alt}
        loading={loading}
        decoding="async"
        data-placeholder={isPlaceholder ? '' : undefined}
        onError={() => {
          if (!isPlaceholder) setFailedSrc(src)
        }}
        className={cn('size-full', isPlaceholder ? 'object-cover' : 'object-contain p-[6%]', imageClassName)}
      />
    </span>
  )
}
