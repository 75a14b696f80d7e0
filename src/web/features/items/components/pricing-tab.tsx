import { ChartLine } from 'lucide-react'
import { useState } from 'react'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { DEFAULT_PRICE_RANGE, type Grade, type PriceRange } from '#shared/contract/values.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { usePriceByCondition, usePriceSummary } from '../market-queries.ts'
import { FairPriceCard } from './fair-price-card.tsx'
import { MarketSummary } from './market-summary.tsx'
import { PriceByCondition } from './price-by-condition.tsx'
import { PriceExplanation } from './price-explanation.tsx'
import { PriceHistory } from './price-history.tsx'
import { PricingSkeleton } from './pricing-skeleton.tsx'
import { RecordSaleButton } from './record-sale-button.tsx'

export const NO_DATA_TEXT = 'User data coming soon'

/**
 * The Pricing tab (spec 02 §2, DESIGN §5): fair price cards for new and used, the price history, the
 * market summary, prices by condition and how it is all worked out. With no data for either grade it
 * says 'User data coming soon' and offers to record a sale.
 */
export function PricingTab({ item }: { item: ItemDetail }) {
  const summary = usePriceSummary(item.id)
  const hasData = Boolean(summary.data && (summary.data.new.hasData || summary.data.used.hasData))
  const byCondition = usePriceByCondition(item.id, hasData)
  const [chosenGrade, setGrade] = useState<Grade | null>(null)
  const [range, setRange] = useState<PriceRange>(DEFAULT_PRICE_RANGE)

  if (summary.isPending) return <PricingSkeleton />
  if (summary.isError) {
    return (
      <Card role="alert" className="p-5 text-center">
        <p className="font-semibold">Unable to load prices</p>
        <p className="mt-1 text-muted text-sm">Check your connection and try again.</p>
        <button
          type="button"
          onClick={() => void summary.refetch()}
          className={buttonClasses('secondary', 'sm', 'mt-4')}
        >
          Try again
        </button>
      </Card>
    )
  }
  const data = summary.data
  if (!hasData) return <NoPriceData item={item} />

  // The chart starts on the grade that has a price.
  const grade = chosenGrade ?? (data.new.hasData || !data.used.hasData ? 'new' : 'used')
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <FairPriceCard grade="new" summary={data.new} updating={data.updating} />
        <FairPriceCard grade="used" summary={data.used} updating={data.updating} />
      </div>
      <PriceHistory
        itemId={item.id}
        grade={grade}
        onGradeChange={setGrade}
        range={range}
        onRangeChange={setRange}
      />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <MarketSummary summary={data} />
        <PriceByCondition
          rows={byCondition.data}
          loading={byCondition.isPending}
          failed={byCondition.isError}
        />
      </div>
      <PriceExplanation />
    </div>
  )
}

function NoPriceData({ item }: { item: ItemDetail }) {
  const what = item.type === 'set' ? 'this set' : 'this minifigure'
  return (
    <div className="grid gap-4">
      <Card
        as="section"
        variant="dashed"
        aria-labelledby="no-price-data-heading"
        className="flex flex-col items-center px-6 py-10 text-center sm:py-12"
      >
        <span className="inline-flex size-11 items-center justify-center rounded-xl border border-line bg-surface text-brick-yellow">
          <ChartLine aria-hidden="true" className="size-5" />
        </span>
        <h2 id="no-price-data-heading" className="mt-4 font-bold text-fg text-xl">
          {NO_DATA_TEXT}
        </h2>
        <p className="mt-2 max-w-md text-pretty text-muted text-sm">
          No verified sales of {what} have been recorded yet. Its fair price, new and used, is worked out from
          verified sales as soon as there are some.
        </p>
        <RecordSaleButton item={item} variant="primary" className="mt-6" />
      </Card>
      <PriceExplanation />
    </div>
  )
}
