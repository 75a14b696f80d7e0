import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'

interface ListHeaderProps {
  title: string
  description: string
  /** The add button, for signed-in users only. */
  add?: { label: string; href: string }
  children?: ReactNode
}

export function ListHeader({ title, description, add, children }: ListHeaderProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="font-extrabold text-3xl tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-pretty text-muted">{description}</p>
        {children}
      </div>
      {add ? (
        <Link href={add.href} className={buttonClasses('primary', 'md', 'self-start sm:self-auto')}>
          <Plus aria-hidden="true" />
          {add.label}
        </Link>
      ) : null}
    </div>
  )
}

/** The list's empty state. */
export function EmptyList({ title, hint, icon }: { title: string; hint: string; icon: ReactNode }) {
  return (
    <Card variant="dashed" className="flex flex-col items-center px-6 py-16 text-center">
      <Card as="span" className="inline-flex size-12 items-center justify-center text-subtle">
        {icon}
      </Card>
      <h2 className="mt-4 font-bold text-lg">{title}</h2>
      <p className="mt-1 max-w-sm text-pretty text-muted text-sm">{hint}</p>
    </Card>
  )
}

/** A failed list load, with a retry. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-brick-red/60 bg-[#2a0d0e] px-6 py-10 text-center">
      <h2 className="font-bold text-lg">Unable to load the catalogue</h2>
      <p className="mt-1 text-muted text-sm">Check your connection and try again.</p>
      <button type="button" onClick={onRetry} className={buttonClasses('secondary', 'sm', 'mt-4')}>
        Try again
      </button>
    </div>
  )
}
