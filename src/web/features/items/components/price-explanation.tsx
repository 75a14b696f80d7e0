import { ChevronRight, CircleHelp } from 'lucide-react'
import { CONFIDENCE_THRESHOLDS, MIN_SALES_FOR_WINDOW, RECENCY_DAYS } from '#shared/pricing.ts'
import { Card } from '#web/components/ui/card.tsx'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'

/** 'How is this calculated?' (DESIGN §5), folded away until asked for. The numbers are the engine's own. */
export function PriceExplanation() {
  const { currency } = useCurrency()
  return (
    <Card as="details" className="group">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-2xl px-5 py-4 font-semibold text-fg text-sm [&::-webkit-details-marker]:hidden">
        <CircleHelp aria-hidden="true" className="size-4 text-muted" />
        How is this calculated?
        <ChevronRight
          aria-hidden="true"
          className="ml-auto size-4 text-muted transition-transform group-open:rotate-90"
        />
      </summary>
      <div className="grid gap-2 border-line border-t px-5 py-4 text-muted text-sm leading-relaxed">
        <p>
          The fair price is the <strong className="text-fg">weighted median</strong> of verified sales in the
          last 90 days. Recent sales count more: each sale is weighted by its age, so a sale {RECENCY_DAYS}{' '}
          days old counts about a third (e<sup>-1</sup>) as much as one made today.
        </p>
        <p>
          With fewer than {MIN_SALES_FOR_WINDOW} sales in 90 days, the last 365 days are used instead, and
          then all recorded sales. With no verified sales at all, sold prices from marketplace data are used
          when there are any.
        </p>
        <p>
          Confidence is <strong className="text-fg">HIGH</strong> with {CONFIDENCE_THRESHOLDS.HIGH} or more
          sales in the last 90 days, <strong className="text-fg">MEDIUM</strong> with{' '}
          {CONFIDENCE_THRESHOLDS.MEDIUM} or more (or marketplace data), and{' '}
          <strong className="text-fg">LOW</strong> otherwise. The 30-day trend compares the average of the
          last 30 days with the 30 days before.
        </p>
        <p>
          Only verified sales count: sales recorded by trusted members and admins are verified at once, others
          after review. Prices are kept in pounds and shown in {currency} at current rates.
        </p>
      </div>
    </Card>
  )
}
