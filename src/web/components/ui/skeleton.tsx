import { cn } from '#web/lib/cn.ts'

/** A grey block that stands in for content while it loads. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-raised', className)} />
}
