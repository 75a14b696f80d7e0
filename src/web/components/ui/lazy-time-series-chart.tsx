import { lazy, Suspense } from 'react'
import { Skeleton } from './skeleton.tsx'
import type { TimeSeriesChartProps } from './time-series-chart.tsx'

const Chart = lazy(() =>
  import('./time-series-chart.tsx').then((module) => ({ default: module.TimeSeriesChart })),
)

/** The line chart, loaded (with uPlot) only when a screen shows one; a skeleton stands in meanwhile. */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const height = props.height ?? 280
  return (
    <Suspense
      fallback={
        <div className={props.className}>
          <Skeleton className="mb-3 h-5 w-64" />
          <div style={{ height }}>
            <Skeleton className="size-full" />
          </div>
        </div>
      }
    >
      <Chart {...props} />
    </Suspense>
  )
}

export type { ChartSeries, TimeSeriesChartProps } from './time-series-chart.tsx'
