import { ChartNoAxesCombined } from 'lucide-react'
import { type ReactNode, useMemo } from 'react'
import { GRADES, type Grade, PRICE_RANGES, type PriceRange } from '#shared/contract/values.ts'
import { todayUtc } from '#shared/dates.ts'
import { Card } from '#web/components/ui/card.tsx'
import { TimeSeriesChart } from '#web/components/ui/lazy-time-series-chart.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/cn.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { axisAmount, formatDay } from '#web/lib/format.ts'
import { GRADE_LABELS, RANGE_LABELS, RANGE_NAMES } from '#web/lib/labels.ts'
import { usePriceHistory } from '../market-queries.ts'
import { historyChartData } from '../price-history-chart.ts'

/** New in brick yellow, used in brick blue (DESIGN §11: the brick colours for charts). */
const GRADE_COLORS: Record<Grade, string> = { new: '#f5cd2f', used: '#3d82dc' }
const CHART_HEIGHT = 260

interface PriceHistoryProps {
  itemId: number
  grade: Grade
  onGradeChange: (grade: Grade) => void
  range: PriceRange
  onRangeChange: (range: PriceRange) => void
}

/**
 * The fair price over time (DESIGN §5: the range buttons work). The grade and range buttons are toggle
 * buttons (aria-pressed); hovering the chart shows that day's price in the display currency.
 */
export function PriceHistory({ itemId, grade, onGradeChange, range, onRangeChange }: PriceHistoryProps) {
  const history = usePriceHistory(itemId, range, grade, true)
  const { currency, rates, formatAmount } = useCurrency()
  const points = history.data?.points
  const chart = useMemo(
    () => (points ? historyChartData(points, todayUtc(), currency, rates) : undefined),
    [points, currency, rates],
  )
  const series = useMemo(
    () =>
      chart ? [{ label: 'Fair price', values: chart.values, color: GRADE_COLORS[grade], fill: true }] : [],
    [chart, grade],
  )
  const shownGrade = history.data?.grade ?? grade
  const first = chart?.pricesGbp[0]
  const last = chart?.pricesGbp.at(-1)
  const ariaLabel =
    chart && first !== undefined && last !== undefined
      ? `Fair price (${GRADE_LABELS[shownGrade].toLowerCase()}) over ${RANGE_NAMES[range]}: ` +
        `${formatAmount(first)} on ${formatDay(chart.dates[0] as string)}, ` +
        `${formatAmount(last)} on ${formatDay(chart.dates.at(-1) as string)}`
      : ''

  return (
    <Card as="section" aria-labelledby="price-history-heading" className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="price-history-heading" className="font-semibold text-fg">
          Price History
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <ToggleGroup
            label="Condition grade"
            options={GRADES.map((value) => ({ value, label: GRADE_LABELS[value] }))}
            value={grade}
            onChange={onGradeChange}
          />
          <ToggleGroup
            label="Range"
            options={PRICE_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
            value={range}
            onChange={onRangeChange}
          />
        </div>
      </div>
      <div className="mt-4" aria-busy={history.isFetching}>
        {history.isPending ? (
          <ChartSkeleton />
        ) : history.isError ? (
          <ChartMessage>
            The price history could not be loaded.{' '}
            <button
              type="button"
              onClick={() => void history.refetch()}
              className="font-semibold text-brick-blue-bright underline-offset-4 hover:underline"
            >
              Try again
            </button>
          </ChartMessage>
        ) : !chart || chart.dates.length === 0 ? (
          <ChartMessage>
            No {GRADE_LABELS[shownGrade].toLowerCase()} price history for {RANGE_NAMES[range]} yet.
          </ChartMessage>
        ) : (
          <TimeSeriesChart
            dates={chart.dates}
            series={series}
            formatAxisValue={(value) => axisAmount(value, currency)}
            formatValue={(_series, index) => formatAmount(chart.pricesGbp[index])}
            ariaLabel={ariaLabel}
            height={CHART_HEIGHT}
            className={cn('transition-opacity', history.isPlaceholderData && 'opacity-60')}
          />
        )}
      </div>
    </Card>
  )
}

function ToggleGroup<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: Array<{ value: Value; label: string }>
  value: Value
  onChange: (value: Value) => void
}) {
  return (
    <fieldset className="inline-flex rounded-lg border border-line bg-canvas p-0.5">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            'h-8 min-w-11 rounded-md px-2.5 font-semibold text-xs tabular transition-colors',
            option.value === value ? 'bg-raised text-fg shadow-sm' : 'text-muted hover:text-fg',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  )
}

function ChartSkeleton() {
  return (
    <div>
      <Skeleton className="mb-3 h-5 w-48" />
      <div style={{ height: CHART_HEIGHT }}>
        <Skeleton className="size-full" />
      </div>
    </div>
  )
}

function ChartMessage({ children }: { children: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center justify-center gap-2 rounded-xl border border-line border-dashed px-6 text-center text-muted text-sm"
      style={{ height: CHART_HEIGHT }}
    >
      <ChartNoAxesCombined aria-hidden="true" className="size-6 text-subtle" />
      <p>{children}</p>
    </div>
  )
}
