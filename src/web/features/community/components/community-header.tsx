import type { LucideIcon } from 'lucide-react'
import { Link } from 'wouter'
import { buttonClasses } from '#web/components/ui/button.ts'
import { ShareButton } from './share-button.tsx'

interface CommunityHeaderProps {
  title: string
  intro: string
  /** The other view of the same posts (the feed ↔ the gallery). */
  other: { href: string; label: string; icon: LucideIcon }
  /** 'Share Photo' or 'Share Creation'. */
  shareLabel: string
}

/** The feed's and the gallery's heading: the title, a line about it, the other view and the share button. */
export function CommunityHeader({ title, intro, other, shareLabel }: CommunityHeaderProps) {
  const OtherIcon = other.icon
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="font-extrabold text-3xl tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-1.5 text-pretty text-muted">{intro}</p>
      </div>
      <div className="flex gap-2">
        <Link href={other.href} className={buttonClasses('secondary', 'md')}>
          <OtherIcon aria-hidden="true" />
          {other.label}
        </Link>
        <ShareButton label={shareLabel} />
      </div>
    </header>
  )
}
