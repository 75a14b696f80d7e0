import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'
import { exactTime, relativeTime } from '#web/lib/format.ts'

/** A card's four small label–value pairs: two columns on a phone, one row on a wider screen. */
export function Facts({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4', className)}>{children}</dl>
  )
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-subtle text-xs">{label}</dt>
      <dd className="mt-0.5 text-fg">{children}</dd>
    </div>
  )
}

/** Who sent it and when, under the facts: 'Recorded by Ada Lovelace (ada@example.com) · 2 hours ago'. */
export function Provenance({ verb, who, at }: { verb: string; who: string; at: string }) {
  return (
    <p className="mt-3 text-muted text-xs [overflow-wrap:anywhere]">
      {verb} <span className="text-fg">{who}</span> ·{' '}
      <time dateTime={at} title={exactTime(at)}>
        {relativeTime(at, Date.now())}
      </time>
    </p>
  )
}
