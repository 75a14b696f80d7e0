import { Card } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'

/** Posts standing in for the feed while it loads: the same shape, so nothing jumps when they arrive. */
export function FeedSkeleton({ posts = 2 }: { posts?: number }) {
  return (
    <div aria-busy="true" className="grid grid-cols-1 gap-6">
      <span className="sr-only">Loading posts…</span>
      {Array.from({ length: posts }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Card key={index} className="overflow-hidden">
          <div className="flex items-center gap-3 px-4 py-3 sm:px-5">
            <Skeleton className="size-9 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-3.5 w-32" />
              <Skeleton className="h-3 w-20" />
            </div>
          </div>
          <Skeleton className="aspect-[4/3] w-full rounded-none" />
          <div className="grid grid-cols-1 gap-2 px-4 py-4 sm:px-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-3.5 w-3/4" />
          </div>
        </Card>
      ))}
    </div>
  )
}

/** Square tiles standing in for a grid of photos while it loads. */
export function GridSkeleton({
  tiles = 8,
  featureFirst = false,
}: {
  tiles?: number
  featureFirst?: boolean
}) {
  return (
    <div aria-busy="true" className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
      <span className="sr-only">Loading photos…</span>
      {Array.from({ length: tiles }, (_, index) => (
        <Skeleton
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          key={index}
          className={featureFirst && index === 0 ? 'col-span-2 row-span-2 aspect-square' : 'aspect-square'}
        />
      ))}
    </div>
  )
}
