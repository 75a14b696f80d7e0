import { useQuery } from '@tanstack/react-query'
import { Card } from '#web/components/ui/card.tsx'
import { capitalized, estimateNote, RetailEstimateSwitch } from '#web/features/collection/index.ts'
import { meQueries } from '#web/lib/auth/me-queries.ts'
import { usePrice } from '#web/lib/currency/currency-provider.tsx'

/** Account Stats from GET /api/me/stats; the total value is in the chosen currency. */
export function AccountStatsCard() {
  const formatAmount = usePrice()
  const stats = useQuery(meQueries.stats())
  const estimate = estimateNote(stats.data, formatAmount)
  const rows = [
    { label: 'Collection items', value: stats.data ? String(stats.data.collectionCount) : '0' },
    { label: 'Active alerts', value: stats.data ? String(stats.data.alertsCount) : '0' },
    // Until (or unless) the answer arrives, the spec's default: $0.00 in the chosen currency.
    { label: 'Total collection value', value: formatAmount(stats.data?.totalValue) },
  ]
  return (
    <Card as="section" aria-labelledby="stats-heading" className="p-5 sm:p-6">
      <h2 id="stats-heading" className="font-bold text-lg">
        Account Stats
      </h2>
      <dl className="mt-4 divide-y divide-line" aria-busy={stats.isPending}>
        {rows.map(({ label, value }) => (
          <div key={label} className="flex items-center justify-between gap-4 py-3">
            <dt className="text-muted text-sm">{label}</dt>
            <dd className="font-semibold text-fg tabular">
              {stats.isPending ? (
                <span
                  aria-hidden="true"
                  className="inline-block h-4 w-14 animate-pulse rounded bg-raised align-middle"
                />
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {estimate ? <p className="mt-1 text-muted text-xs">{capitalized(estimate)}</p> : null}
      {stats.isError ? <p className="mt-2 text-subtle text-xs">Stats could not be loaded just now.</p> : null}
      <RetailEstimateSwitch className="mt-4 border-line border-t pt-4" />
    </Card>
  )
}
