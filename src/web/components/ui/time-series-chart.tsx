import { useEffect, useMemo, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { cn } from '#web/lib/cn.ts'
import { formatDay } from '#web/lib/format.ts'

export interface ChartSeries {
  label: string
  /** One value per date; null leaves a gap. */
  values: ReadonlyArray<number | null>
  /** A CSS colour; the brick colours read best on the dark surfaces. */
  color: string
  dashed?: boolean
  /** Shades the area under the line. */
  fill?: boolean
}

export interface TimeSeriesChartProps {
  /** The x axis: days as 'YYYY-MM-DD'. */
  dates: readonly string[]
  series: readonly ChartSeries[]
  /** Tick labels of the value axis, e.g. '$1.2k'. */
  formatAxisValue: (value: number) => string
  /** The legend's text for one point of one series, e.g. an amount in the display currency. */
  formatValue: (seriesIndex: number, pointIndex: number) => string
  /** The legend's text for a day. */
  formatDate?: (date: string) => string
  /** The chart's accessible name; it should say what a reader would learn from looking at it. */
  ariaLabel: string
  height?: number
  className?: string
}

const AXIS = {
  stroke: '#a1a1aa',
  grid: { stroke: '#2a2a2f', width: 1 },
  ticks: { stroke: '#2a2a2f', width: 1 },
  font: '12px ui-sans-serif, system-ui, sans-serif',
}

const toSeconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000

const DAY = 86_400
const MONTH = DAY * 30
const YEAR = DAY * 365
/** The day axis steps by whole days at least: the points are days, so an hour tick would name no point. */
const DAY_INCREMENTS = [1, 2, 3, 4, 5, 7, 10, 15]
  .map((days) => days * DAY)
  .concat(
    [1, 2, 3, 4, 6].map((months) => months * MONTH),
    [1, 2, 5, 10, 25, 50, 100].map((years) => years * YEAR),
  )
/**
 * The day axis's labels, day first and month by name ('7 Sep', never uPlot's American '9/7'), with the year
 * under the first tick and under each tick where it changes (uPlot's stamp table: step, label, year rollover,
 * month, day, hour, minute, second rollovers, and 1 to add a rollover to the label).
 */
const DAY_LABELS: (string | number | null)[][] = [
  [YEAR, '{YYYY}', null, null, null, null, null, null, 1],
  [DAY * 28, '{MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [DAY, '{D} {MMM}', '\n{YYYY}', null, null, null, null, null, 1],
]
/**
 * One day alone is drawn in the middle of the three days around it. uPlot would stretch it over the thousand
 * days after it (it pads a lone time as if in milliseconds, 86,400,000 of our seconds).
 */
const dayRange = (chart: uPlot, min: number, max: number): uPlot.Range.MinMax => {
  const days = chart.data[0]
  const only = days.length === 1 ? days[0] : undefined
  return only === undefined ? [min, max] : [only - DAY, only + DAY]
}

/**
 * A dark-theme line chart of values over days on uPlot (small and fast). The legend above it shows
 * the hovered day's values (the latest day otherwise), formatted by the caller, e.g. in the display
 * currency. Import it through `lazy-time-series-chart.tsx`, so uPlot loads only with a chart.
 */
export function TimeSeriesChart({
  dates,
  series,
  formatAxisValue,
  formatValue,
  formatDate = formatDay,
  ariaLabel,
  height = 280,
  className,
}: TimeSeriesChartProps) {
  const containerRef = useRef<HTMLDivElement>(null)
  const [hovered, setHovered] = useState<number | null>(null)
  const formatAxis = useRef(formatAxisValue)
  formatAxis.current = formatAxisValue

  const data = useMemo<uPlot.AlignedData>(
    () => [dates.map(toSeconds), ...series.map((line) => [...line.values])],
    [dates, series],
  )
  const styleKey = series.map((line) => `${line.label}|${line.color}|${line.dashed}|${line.fill}`).join(',')

  // The chart is rebuilt when its data or the lines' looks (styleKey) change; formatters are read
  // through refs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: styleKey stands for the series' looks
  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    const options: uPlot.Options = {
      width: Math.max(container.clientWidth, 200),
      height,
      legend: { show: false },
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      scales: { x: { time: true, range: dayRange } },
      cursor: {
        drag: { x: false, y: false },
        points: { size: 8, width: 2, fill: '#141416' },
      },
      series: [
        {},
        ...series.map((line) => ({
          label: line.label,
          stroke: line.color,
          width: 2,
          dash: line.dashed ? [6, 5] : undefined,
          fill: line.fill ? `${line.color}22` : undefined,
          // A line needs two days: a single one shows as its point.
          points: { show: data[0].length === 1, size: 8 },
          spanGaps: true,
        })),
      ],
      axes: [
        { ...AXIS, space: 70, incrs: DAY_INCREMENTS, values: DAY_LABELS },
        { ...AXIS, size: 72, values: (_chart, ticks) => ticks.map((tick) => formatAxis.current(tick)) },
      ],
      hooks: {
        setCursor: [
          (chart) => {
            const index = chart.cursor.idx
            setHovered(index === undefined || index === null ? null : index)
          },
        ],
      },
    }
    const chart = new uPlot(options, data, container)
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(container.clientWidth, 200), height })
    })
    resize.observe(container)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [data, height, styleKey])

  const shown = hovered ?? dates.length - 1
  return (
    <figure className={cn('grid gap-3', className)}>
      <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm" aria-live="off">
        {shown >= 0 && dates[shown] ? (
          <span className="text-muted tabular">{formatDate(dates[shown])}</span>
        ) : null}
        {series.map((line, index) => (
          <span key={line.label} className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn(
                'inline-block h-0.5 w-4',
                line.dashed && 'border-t-2 border-dashed bg-transparent',
              )}
              style={line.dashed ? { borderColor: line.color } : { backgroundColor: line.color }}
            />
            <span className="text-muted">{line.label}</span>
            <span className="font-semibold text-fg tabular">
              {shown >= 0 ? formatValue(index, shown) : '—'}
            </span>
          </span>
        ))}
      </figcaption>
      <div
        ref={containerRef}
        role="img"
        aria-label={ariaLabel}
        className="w-full min-w-0"
        style={{ height }}
      />
    </figure>
  )
}
