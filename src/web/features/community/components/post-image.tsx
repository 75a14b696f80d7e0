import { ImageOff } from 'lucide-react'
import { useState } from 'react'
import { cn } from '#web/lib/cn.ts'
import { COMMUNITY_TEXTS } from '../community-texts.ts'

interface PostImageProps {
  src: string
  alt: string
  /** The box: its size and shape (the picture fills it, whole, on a dark ground). */
  className?: string
  /** 'cover' fills a grid's tile, cropping; 'contain' shows the whole photo. */
  fit?: 'cover' | 'contain'
  loading?: 'lazy' | 'eager'
}

/**
 * A shared photo in a box of fixed shape, so the page never jumps as photos arrive (CLS, DESIGN §9); a
 * photo that fails to load leaves a placeholder saying so (spec 02 §8).
 */
export function PostImage({ src, alt, className, fit = 'contain', loading = 'lazy' }: PostImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const failed = failedSrc === src
  return (
    <span className={cn('relative flex items-center justify-center overflow-hidden bg-[#0e0e10]', className)}>
      {failed ? (
        <span
          role="img"
          aria-label={alt}
          data-placeholder=""
          className="flex flex-col items-center gap-2 text-subtle"
        >
          <ImageOff aria-hidden="true" className="size-8" />
          <span aria-hidden="true" className="text-xs">
            {COMMUNITY_TEXTS.imageMissing}
          </span>
        </span>
      ) : (
        <img
          key={src}
          src={src}
          alt={alt}
          loading={loading}
          decoding="async"
          onError={() => setFailedSrc(src)}
          className={cn('size-full', fit === 'cover' ? 'object-cover' : 'object-contain')}
        />
      )}
    </span>
  )
}
