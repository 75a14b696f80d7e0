import { useMemo } from 'react'
import type { Portfolio } from '#shared/contract/collections.ts'
import { PORTFOLIO_RANGES, type PortfolioRange } from '#shared/contract/values.ts'
import { convertAmount } from '#shared/money.ts'
import { Card } from '#web/components/ui/card.tsx'
import { TimeSeriesChart } from '#web/components/ui/lazy-time-series-chart.tsx'
import { cn } from '#web/lib/cn.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { axisAmount, formatDay } from '#web/lib/format.ts'
import { RANGE_LABELS, RANGE_NAMES } from '#web/lib/labels.ts'

interface PortfolioChartProps {
  timeline: Portfolio['timeline'] | undefined
  range: PortfolioRange
  onRangeChange: (range: PortfolioRange) => void
  loading: boolean
}

const VALUE_COLOR = '#f5cd2f'
const COST_COLOR = '#3d82dc'

/**
 * The collection's value over time against what was paid for it, in the display currency, with the
 * 90D / 1Y / ALL ranges. A data table under it gives the same numbers without the picture.
 */
export function PortfolioChart({ timeline, range, onRangeChange, loading }: PortfolioChartProps) {
  const { currency, rates, formatAmount } = useCurrency()
  const points = timeline ?? []
  const rangeName = RANGE_NAMES[range]

  const chart = useMemo(() => {
    const convert = (amount: string) => Number(convertAmount(amount, 'GBP', currency, rates))
    return {
      dates: points.map((point) => point.date),
      series: [
        {
          label: 'Value',
          values: points.map((point) => convert(point.value)),
          color: VALUE_COLOR,
          fill: true,
        },
        {
          label: 'Cost basis',
          values: points.map((point) => convert(point.costBasis)),
          color: COST_COLOR,
          dashed: true,
        },
      ],
    }
  }, [points, currency, rates])

  const first = points[0]
  const last = points.at(-1)
  const description =
    first && last
      ? `Collection value over ${rangeName}: from ${formatAmount(first.value)} on ${formatDay(first.date)} to ${formatAmount(last.value)} on ${formatDay(last.date)}, against a cost basis of ${formatAmount(last.costBasis)}.`
      : `Collection value over ${rangeName}.`

  return (
    <Card as="section" aria-labelledby="value-heading" className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="value-heading" className="font-bold text-lg">
          Value over time
        </h2>
        <fieldset className="m-0 inline-flex min-w-0 rounded-lg border border-line-strong bg-canvas p-1">
          <legend className="sr-only">Range</legend>
          {PORTFOLIO_RANGES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={range === option}
              title={`Show ${RANGE_NAMES[option]}`}
              onClick={() => onRangeChange(option)}
              className={cn(
                'h-8 min-w-12 rounded-md px-3 font-semibold text-xs tabular transition-colors',
                range === option ? 'bg-brick-yellow text-neutral-950' : 'text-muted hover:text-fg',
              )}
            >
              {RANGE_LABELS[option]}
            </button>
          ))}
        </fieldset>
      </div>
      <div className={cn('mt-4 transition-opacity', loading && 'opacity-60')} aria-busy={loading}>
        {points.length > 0 ? (
          <TimeSeriesChart
            dates={chart.dates}
            series={chart.series}
            formatAxisValue={(value) => axisAmount(value, currency)}
            formatValue={(seriesIndex, pointIndex) => {
              const point = points[pointIndex]
              if (!point) return '—'
              return formatAmount(seriesIndex === 0 ? point.value : point.costBasis)
            }}
            ariaLabel={description}
            height={300}
          />
        ) : (
          <div className="flex h-[300px] items-center justify-center text-muted text-sm">
            {loading ? 'Loading…' : 'No history yet.'}
          </div>
        )}
      </div>
      {points.length > 0 ? (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer text-muted hover:text-fg">Show the numbers</summary>
          <div className="mt-3 max-h-72 overflow-y-auto rounded-lg border border-line">
            <table className="w-full text-sm">
              <caption className="sr-only">{description}</caption>
              <thead className="sticky top-0 bg-raised text-muted text-xs">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Value
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Cost basis
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {[...points].reverse().map((point) => (
                  <tr key={point.date}>
                    <td className="px-3 py-1.5 text-muted tabular">{formatDay(point.date)}</td>
                    <td className="px-3 py-1.5 text-right text-fg tabular">{formatAmount(point.value)}</td>
                    <td className="px-3 py-1.5 text-right text-fg tabular">
                      {formatAmount(point.costBasis)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </Card>
  )
}
