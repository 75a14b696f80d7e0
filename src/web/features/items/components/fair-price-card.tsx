import { ChartLine } from 'lucide-react'
import type { GradeSummary } from '#shared/contract/market.ts'
import type { Grade } from '#shared/contract/values.ts'
import { Card } from '#web/components/ui/card.tsx'
import { usePrice } from '#web/lib/currency/currency-provider.tsx'
import { GRADE_LABELS, PRICE_BASIS_LABELS } from '#web/lib/labels.ts'
import { basisNote, salesRecordedText } from '../market-texts.ts'
import { ConfidenceBadge, LastUpdated, TrendValue } from './market-bits.tsx'

export const FAIR_PRICE_NOTE = 'Weighted median of recent verified sales'
export const MARKETPLACE_NOTE = `${PRICE_BASIS_LABELS.marketplace}: no verified sales yet`

/**
 * The fair price of one grade (spec 02 §2): the price in the display currency (or 'No data'), its
 * confidence, the 30-day trend, the sales behind it, the note, and when the snapshot was computed.
 */
export function FairPriceCard({
  grade,
  summary,
  updating = false,
}: {
  grade: Grade
  summary: GradeSummary
  /** A sale change is committed and the prices are being recomputed (a second or so). */
  updating?: boolean
}) {
  const formatAmount = usePrice()
  const label = GRADE_LABELS[grade]
  const headingId = `fair-price-${grade}`
  const marketplace = summary.basis === 'marketplace'
  const note = basisNote(summary.basis)
  return (
    <Card as="section" aria-labelledby={headingId} className="p-5 flex flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold text-muted text-sm">
          <ChartLine aria-hidden="true" className="size-4" />
          Fair Price · {label}
        </h2>
        <ConfidenceBadge confidence={summary.confidence} />
      </div>
      {summary.hasData && summary.fairPrice !== null ? (
        <p className="mt-3 font-extrabold text-3xl text-fg tabular tracking-tight" data-testid="fair-price">
          {formatAmount(summary.fairPrice)}
        </p>
      ) : (
        <p className="mt-3 font-bold text-2xl text-muted">No data</p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted">30-day trend</dt>
        <dd className="text-right">
          <TrendValue trend={summary.trend} />
        </dd>
        <dt className="text-muted">Sales</dt>
        <dd className="text-right tabular">
          {salesRecordedText(summary.salesCount)}
          {summary.salesCount > 0 ? (
            <span className="block text-subtle text-xs">{summary.salesCount90d} in the last 90 days</span>
          ) : null}
        </dd>
      </dl>
      <div className="mt-auto pt-4">
        {summary.hasData ? (
          <p className="text-muted text-xs">{marketplace ? MARKETPLACE_NOTE : FAIR_PRICE_NOTE}</p>
        ) : (
          <p className="text-muted text-xs">No verified sales in {label.toLowerCase()} condition yet.</p>
        )}
        {note ? <p className="mt-1 text-subtle text-xs">{note}</p> : null}
        {updating ? (
          <p className="mt-1 text-subtle text-xs" role="status">
            Updating prices…
          </p>
        ) : (
          <LastUpdated iso={summary.updatedAt} className="mt-1" />
        )}
      </div>
    </Card>
  )
}
