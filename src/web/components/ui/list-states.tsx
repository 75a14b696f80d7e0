import type { LucideIcon } from 'lucide-react'
import { AlertTriangle, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClasses } from './button.ts'
import { Card } from './card.tsx'
import { Skeleton } from './skeleton.tsx'

/** An empty list, designed: an icon, what it means, and what fills it. */
export function EmptyList({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon
  title: string
  children: ReactNode
}) {
  return (
    <Card variant="dashed" className="flex flex-col items-center px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-7 text-subtle" />
      <p className="mt-3 font-semibold text-fg">{title}</p>
      <p className="mt-1 max-w-md text-pretty text-muted text-sm">{children}</p>
    </Card>
  )
}

/**
 * A screen whose whole list is empty (My Collection, the wanted list), designed large: an icon, a
 * heading, what fills it, and `children`, the ways to fill it.
 */
export function EmptyScreen({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: LucideIcon
  title: string
  text: string
  children: ReactNode
}) {
  return (
    <Card
      as="section"
      aria-labelledby="empty-heading"
      className="flex flex-col items-center px-6 py-12 text-center sm:py-16"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-2xl border border-line bg-canvas text-brick-yellow">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 id="empty-heading" className="mt-5 font-bold text-2xl tracking-tight">
        {title}
      </h2>
      <p className="mt-2 max-w-md text-pretty text-muted">{text}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">{children}</div>
    </Card>
  )
}

/** A list that could not be loaded, with a way to try again. */
export function ListError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-brick-red/60 bg-[#1d0b0c] p-5 text-sm">
      <p className="flex items-center gap-2 font-semibold text-[#ffb3b4]">
        <AlertTriangle aria-hidden="true" className="size-4" />
        {text}
      </p>
      <button type="button" onClick={onRetry} className={buttonClasses('secondary', 'sm', 'mt-4')}>
        <RotateCw aria-hidden="true" />
        Try again
      </button>
    </div>
  )
}

/** Rows standing in for a list while it loads. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="grid gap-3">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Card key={index} className="flex gap-4 p-5">
          <Skeleton className="size-16 shrink-0 rounded-lg" />
          <div className="grid flex-1 content-start gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </Card>
      ))}
    </div>
  )
}

/** 'Showing 20 of 43' and the button that loads the next page, when there is one. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onLoad,
}: {
  shown: number
  total: number
  hasMore: boolean
  loading: boolean
  onLoad: () => void
}) {
  if (!hasMore && shown >= total) return null
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-muted text-sm tabular">
        Showing {shown} of {total}
      </p>
      {hasMore ? (
        <button
          type="button"
          onClick={onLoad}
          disabled={loading}
          className={buttonClasses('secondary', 'md')}
        >
          {loading ? 'Loading...' : 'Load more'}
        </button>
      ) : null}
    </div>
  )
}

/** A table's rows standing in for it while it loads: a thumbnail and two lines each. */
export function RowsSkeleton() {
  return (
    <Card className="grid gap-2 p-4" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="flex items-center gap-3 py-1.5">
          <Skeleton className="size-12 shrink-0 rounded-lg" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-4 w-2/3" />
          </div>
          <Skeleton className="hidden h-4 w-24 sm:block" />
        </div>
      ))}
    </Card>
  )
}
