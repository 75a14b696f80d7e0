import { useState } from 'react'
import { cn } from '#web/lib/cn.ts'

/** Up to two letters from the name, else the e-mail's first letter, else '?'. */
export function initialsOf(
  firstName?: string | null,
  lastName?: string | null,
  email?: string | null,
): string {
  const letters = [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase()
  if (letters) return letters
  return email?.trim().charAt(0).toUpperCase() || '?'
}

interface AvatarProps {
  imageUrl?: string | null
  firstName?: string | null
  lastName?: string | null
  email?: string | null
  /** The picture's alt text: the first name unless said ('' where the name is written beside it). */
  alt?: string
  className?: string
}

/** The user's picture (alt text from the first name), or their initials when there is none or it fails. */
export function Avatar({ imageUrl, firstName, lastName, email, alt, className }: AvatarProps) {
  const [failed, setFailed] = useState(false)
  const showImage = Boolean(imageUrl) && !failed
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brick-blue font-bold text-sm text-white',
        className,
      )}
    >
      {showImage ? (
        <img
          src={imageUrl ?? undefined}
          alt={alt ?? firstName ?? 'Your profile picture'}
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <span aria-hidden="true">{initialsOf(firstName, lastName, email)}</span>
      )}
    </span>
  )
}
