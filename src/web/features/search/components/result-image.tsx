import { PersonStanding, ToyBrick } from 'lucide-react'
import { useState } from 'react'
import { cn } from '../../../lib/cn.ts'
import { usableImageUrl } from '../search-logic.ts'

interface ResultImageProps {
  imageUrl: string | null
  type: string
  name: string
  className?: string
}

/** The item's picture, or a placeholder for its type (a figure for minifigures, a brick otherwise). */
export function ResultImage({ imageUrl, type, name, className }: ResultImageProps) {
  const url = usableImageUrl(imageUrl)
  const [failedUrl, setFailedUrl] = useState<string | undefined>(undefined)
  const box =
    'flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line'
  if (url && failedUrl !== url) {
    return (
      // Catalogue pictures are drawn for a white background.
      <span className={cn(box, 'bg-white', className)}>
        <img
          src={url}
          alt={name}
          loading="lazy"
          decoding="async"
          className="size-full object-contain"
          onError={() => setFailedUrl(url)}
        />
      </span>
    )
  }
  const Icon = type === 'minifig' ? PersonStanding : ToyBrick
  return (
    <span className={cn(box, 'bg-canvas text-subtle', className)}>
      <Icon role="img" aria-label={`${name} (no picture)`} className="size-6" />
    </span>
  )
}
