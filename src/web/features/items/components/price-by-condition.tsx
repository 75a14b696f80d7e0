import type { PriceByCondition as PriceByConditionList } from '#shared/contract/market.ts'
import { Card } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { usePrice } from '#web/lib/currency/currency-provider.tsx'
import { salesRecordedText } from '../market-texts.ts'

export const NO_CONDITION_PRICES = 'No price data by condition available yet.'

/**
 * Price by Condition (spec 02 §2): label, 'N sale(s) recorded', average price and 'Based on user
 * data', most-sold condition first.
 */
export function PriceByCondition({
  rows,
  loading,
  failed,
}: {
  rows: PriceByConditionList | undefined
  loading: boolean
  failed: boolean
}) {
  const formatAmount = usePrice()
  const sorted = [...(rows ?? [])].sort((a, b) => b.count - a.count)
  return (
    <Card as="section" aria-labelledby="price-by-condition-heading" className="p-5">
      <h2 id="price-by-condition-heading" className="font-semibold text-fg">
        Price by Condition
      </h2>
      {loading ? (
        <div className="mt-4 grid gap-3">
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
        </div>
      ) : failed ? (
        <p className="mt-3 text-muted text-sm">Prices by condition could not be loaded.</p>
      ) : sorted.length === 0 ? (
        <p className="mt-3 text-muted text-sm">{NO_CONDITION_PRICES}</p>
      ) : (
        <ul aria-label="Prices by condition" className="mt-1">
          {sorted.map((row, index) => (
            <li
              key={row.conditionId}
              className={`flex items-start justify-between gap-4 py-3 ${index > 0 ? 'border-line border-t' : ''}`}
            >
              <div className="min-w-0">
                <p className="font-medium text-fg">{row.label}</p>
                <p className="text-muted text-xs tabular">{salesRecordedText(row.count)}</p>
              </div>
              <div className="shrink-0 text-right">
                <p className="font-semibold text-fg tabular">{formatAmount(row.averageGbp)}</p>
                <p className="text-subtle text-xs">Based on user data</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
