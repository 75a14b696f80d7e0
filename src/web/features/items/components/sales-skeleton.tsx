import { Card } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'

/** Skeleton rows while the sales load (spec 02 §9). */
export const SALE_SKELETON_ROWS = 3
const ROW_KEYS = Array.from({ length: SALE_SKELETON_ROWS }, (_, row) => `sale-skeleton-${row}`)

/** Three rows shaped like sales while they load (spec 02 §9). */
export function SalesSkeleton() {
  return (
    <Card as="ul" aria-busy="true" aria-label="Loading sales" className="divide-y divide-line">
      {ROW_KEYS.map((key) => (
        <li key={key} data-testid="sale-skeleton" className="flex items-start justify-between gap-4 p-4">
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-5 w-36" />
          </div>
          <Skeleton className="h-6 w-20" />
        </li>
      ))}
    </Card>
  )
}
