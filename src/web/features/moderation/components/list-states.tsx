import type { LucideIcon } from 'lucide-react'
import { AlertTriangle, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'

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
