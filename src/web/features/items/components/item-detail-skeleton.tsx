import { Skeleton } from '#web/components/ui/skeleton.tsx'

/** The item page's shape while it loads. */
export function ItemDetailSkeleton() {
  return (
    <div className="page-width py-6 sm:py-10">
      <p className="sr-only" role="status">
        Loading item…
      </p>
      <Skeleton className="h-4 w-64 max-w-full" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
        <div className="grid content-start gap-4">
          <Skeleton className="h-9 w-4/5" />
          <Skeleton className="h-6 w-1/2 rounded-full" />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-16 rounded-xl" />
            ))}
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-10 w-40" />
            <Skeleton className="h-10 w-28" />
            <Skeleton className="h-10 w-24" />
          </div>
        </div>
      </div>
      <Skeleton className="mt-10 h-10 w-full max-w-md" />
      <Skeleton className="mt-6 h-40 w-full rounded-2xl" />
    </div>
  )
}
