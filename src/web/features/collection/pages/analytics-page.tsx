import { ArrowLeft, ChartLine, Plus, TrendingDown, TrendingUp } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { DEFAULT_PORTFOLIO_RANGE } from '#shared/contract/values.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { cn } from '#web/lib/cn.ts'
import { usePrice } from '#web/lib/currency/currency-provider.tsx'
import { signedAmount, signedPercent, toneOf } from '#web/lib/format.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { Allocation } from '../components/allocation.tsx'
import { Performers } from '../components/performers.tsx'
import { PortfolioChart } from '../components/portfolio-chart.tsx'
import { RetailEstimateSwitch } from '../components/retail-estimate-switch.tsx'
import { TONE_CLASSES } from '../components/signed-change.tsx'
import { parsePortfolioRange } from '../portfolio-range.ts'
import { MOST_VALUABLE_QUERY, useCollectionPage, usePortfolio } from '../queries.ts'
import { analyticsNote } from '../valuation-notes.ts'

const NO_PRICES_YET = 'No market prices yet: gains and losses show once your items have sales.'

/**
 * Portfolio analytics (spec 01 §1, the investor's "portfolio analytics, ROI calculations"): value
 * against cost over time, allocation by theme and type, total ROI, best and worst performers, all in
 * the display currency.
 */
export function AnalyticsPage() {
  useDocumentTitle('Portfolio Analytics')
  const format = usePrice()
  const { user } = useSession()
  const search = useSearch()
  const [location, navigate] = useLocation()
  const range = parsePortfolioRange(search)
  const portfolio = usePortfolio(range)
  const collection = useCollectionPage(MOST_VALUABLE_QUERY)
  const summary = collection.data?.summary
  const data = portfolio.data

  useEffect(() => {
    const error = portfolio.error ?? collection.error
    // Logged only; a 401 is the query client's to answer.
    if (error) console.error('Portfolio analytics could not be loaded', error)
  }, [portfolio.error, collection.error])

  const roiTone = toneOf(data?.totalRoiPercent)
  // With no market price at all there are no gains or losses to speak of, not "no losses".
  const nothingPriced = Boolean(summary && summary.entries > 0 && summary.unpricedEntries === summary.entries)
  const pnlTone = toneOf(summary?.unrealizedPnl)
  const note = analyticsNote(summary, format, { retailEstimate: Boolean(user?.valueUnpricedAtRetail) })

  return (
    <div className="page-width grid grid-cols-1 gap-6 py-8 sm:py-10">
      <header className="grid gap-3">
        <Link
          href="/collection"
          className="inline-flex w-fit items-center gap-1.5 text-muted text-sm transition-colors hover:text-fg"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          My Collection
        </Link>
        <h1 className="font-extrabold text-3xl tracking-tight sm:text-4xl">Portfolio Analytics</h1>
        <p className="max-w-2xl text-pretty text-muted">
          How your collection's value has moved against what you paid, where it sits, and what drives it.
        </p>
      </header>

      {summary?.entries === 0 ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <ChartLine aria-hidden="true" className="size-8 text-brick-yellow" />
          <h2 className="mt-4 font-bold text-xl">Nothing to analyse yet</h2>
          <p className="mt-2 max-w-md text-muted">Add items to your collection to see its value over time.</p>
          <Link href="/collection" className={buttonClasses('primary', 'md', 'mt-6')}>
            <Plus aria-hidden="true" />
            Go to My Collection
          </Link>
        </Card>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Total Value" loading={!summary}>
              {format(summary?.totalValue)}
            </Stat>
            <Stat label="Cost Basis" loading={!summary}>
              {format(summary?.costBasis)}
            </Stat>
            <Stat label="Unrealized P&L" loading={!summary} className={TONE_CLASSES[pnlTone]}>
              {signedAmount(summary?.unrealizedPnl, format)}
            </Stat>
            <Stat label="Total ROI" loading={!data} className={TONE_CLASSES[roiTone]}>
              {signedPercent(data?.totalRoiPercent)}
            </Stat>
          </dl>
          {note ? (
            <p className="-mt-3 text-muted text-sm" data-testid="valuation-note">
              {note}
            </p>
          ) : null}
          <RetailEstimateSwitch />

          <PortfolioChart
            timeline={data?.timeline}
            range={range}
            loading={portfolio.isFetching}
            onRangeChange={(next) =>
              navigate(next === DEFAULT_PORTFOLIO_RANGE ? location : `${location}?range=${next}`, {
                replace: true,
              })
            }
          />

          <Allocation portfolio={data} format={format} />

          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Performers
              title="Best performers"
              icon={TrendingUp}
              entries={data?.best}
              empty={nothingPriced ? NO_PRICES_YET : 'No gains yet: nothing is worth more than you paid.'}
              format={format}
            />
            <Performers
              title="Worst performers"
              icon={TrendingDown}
              entries={data?.worst}
              empty={nothingPriced ? NO_PRICES_YET : 'No losses: nothing is worth less than you paid.'}
              format={format}
            />
          </div>
        </>
      )}
    </div>
  )
}

function Stat({
  label,
  loading,
  className,
  children,
}: {
  label: string
  loading: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <dt className="font-medium text-muted text-xs uppercase tracking-wide sm:text-sm sm:normal-case sm:tracking-normal">
        {label}
      </dt>
      <dd className={cn('mt-2 truncate font-bold text-xl tabular sm:text-2xl', className ?? 'text-fg')}>
        {loading ? <Skeleton className="h-7 w-28" /> : children}
      </dd>
    </Card>
  )
}
