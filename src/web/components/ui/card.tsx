import type { HTMLAttributes } from 'react'
import { cn } from '#web/lib/cn.ts'

/** A solid card on the page, or a dashed outline for an empty state. */
export type CardVariant = 'solid' | 'dashed'

const VARIANTS: Record<CardVariant, string> = {
  solid: 'rounded-2xl border border-line bg-surface',
  dashed: 'rounded-2xl border border-line border-dashed',
}

/** The card surface's classes, for an element that cannot be a Card (a link, say). */
export function cardClasses(variant: CardVariant = 'solid'): string {
  return VARIANTS[variant]
}

interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element the card is; a `div` unless it is a section, a list or an item of one. */
  as?: 'div' | 'section' | 'article' | 'nav' | 'ul' | 'ol' | 'li' | 'details' | 'p' | 'span'
  variant?: CardVariant
}

/** The app's card surface (DESIGN §11): rounded, hairline border, one step above the page. */
export function Card({ as: Element = 'div', variant = 'solid', className, ...props }: CardProps) {
  return <Element className={cn(VARIANTS[variant], className)} {...props} />
}
