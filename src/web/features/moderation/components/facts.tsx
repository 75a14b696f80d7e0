import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

/** A card's small label–value pairs, in as many columns as fit. */
export function Facts({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3', className)}>{children}</dl>
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
