import { ChartLine } from 'lucide-react'
import type { ItemDetail } from '../../../../shared/contract/catalogue.ts'

/**
 * The Pricing tab. Until the market screens arrive it says there is no user data yet (spec 02 §2:
 * 'User data coming soon' when there is no data).
 */
export function PricingTab({ item }: { item: ItemDetail }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {(['New', 'Used'] as const).map((grade) => (
        <section
          key={grade}
          aria-label={`Fair price, ${grade.toLowerCase()}`}
          className="rounded-2xl border border-line bg-surface p-5"
        >
          <h3 className="flex items-center gap-2 font-semibold text-muted text-sm">
            <ChartLine aria-hidden="true" className="size-4" />
            Fair Price · {grade}
          </h3>
          <p className="mt-3 font-bold text-fg text-xl">User data coming soon</p>
          <p className="mt-1 text-pretty text-muted text-sm">
            Market prices for {item.type === 'set' ? 'this set' : 'this minifigure'} will be worked out from
            verified sales.
          </p>
        </section>
      ))}
    </div>
  )
}
