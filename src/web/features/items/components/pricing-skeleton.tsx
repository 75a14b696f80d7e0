import { Card } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'

/** The Pricing tab's shape while its prices (or its code) load. */
export function PricingSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only">Loading prices…</span>
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1].map((key) => (
          <Card key={key} className="p-5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="mt-4 h-8 w-40" />
            <Skeleton className="mt-4 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-2/3" />
          </Card>
        ))}
      </div>
      <Skeleton className="h-80 rounded-2xl" />
    </div>
  )
}
