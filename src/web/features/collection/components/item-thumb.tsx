import { PersonStanding, ToyBrick } from 'lucide-react'
import { useState } from 'react'
import { itemImageSrc } from '#shared/images.ts'
import { cn } from '#web/lib/cn.ts'

interface ItemThumbProps {
  item: { type: 'set' | 'minifig'; number?: string | null; imageUrl?: string | null }
  alt: string
  className?: string
}

/**
 * An item's picture through the image proxy; when there is none or it fails to load, an icon for its
 * type: a person for a minifigure, a brick otherwise (spec 01 §2, Add to Collection).
 */
export function ItemThumb({ item, alt, className }: ItemThumbProps) {
  const src = itemImageSrc(item)
  const [failed, setFailed] = useState<string | undefined>(undefined)
  const showIcon = failed === src || src.startsWith('/images/placeholder-')
  const Icon = item.type === 'minifig' ? PersonStanding : ToyBrick
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line',
        showIcon ? 'bg-raised text-muted' : 'bg-white',
        className,
      )}
    >
      {showIcon ? (
        <Icon role="img" aria-label={alt} className="size-1/2" />
      ) : (
        <img
          key={src}
          src={src}
          alt={alt}
          decoding="async"
          onError={() => setFailed(src)}
          className="size-full object-contain p-[8%]"
        />
      )}
    </span>
  )
}
