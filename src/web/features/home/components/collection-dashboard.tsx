import { ArrowRight, ChartLine, Clock, Gem, Layers, Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { CollectionEntry, CollectionSummary } from '#shared/contract/collections.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import {
  capitalized,
  EntryRow,
  EntryValue,
  estimateNote,
  MOST_VALUABLE_QUERY,
  RECENT_QUERY,
  SignedChange,
  unknownCostNote,
  unpricedNote,
  useCollectionPage,
} from '#web/features/collection/index.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { cn } from '#web/lib/cn.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { formatDate, formatWholeAmount, plural } from '#web/lib/format.ts'
import { themeShare } from '../theme-share.ts'

interface CollectionDashboardProps {
  /** Items in the collection, from the account stats (shown until the summary arrives). */
  itemCount: number
  investor: boolean
  onAdd: () => void
}

/**
 * Home's dashboard for a non-empty collection (spec 01 §2): the vault count and total value, the five
 * most valuable items, the five newest, and the three most valuable themes.
 */
export function CollectionDashboard({ itemCount, investor, onAdd }: CollectionDashboardProps) {
  const { currency, rates, formatAmount } = useCurrency()
  const { user } = useSession()
  const top = useCollectionPage(MOST_VALUABLE_QUERY)
  const recent = useCollectionPage(RECENT_QUERY)
  const summary = top.data?.summary
  // What the total leaves out or estimates, as My Collection says it (issue 12).
  const unpriced = unpricedNote(summary, formatAmount, {
    retailEstimate: Boolean(user?.valueUnpricedAtRetail),
  })
  const notes = [
    estimateNote(summary, formatAmount),
    unknownCostNote(summary),
    unpriced ? `not counted: ${unpriced}` : null,
  ].filter((note): note is string => note !== null)

  return (
    <section aria-labelledby="dashboard-heading" className="page-width grid grid-cols-1 gap-5 py-10 sm:py-12">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="dashboard-heading" className="font-bold text-2xl tracking-tight">
          Your collection at a glance
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link href="/collection" className={buttonClasses('secondary', 'md')}>
            View collection
            <ArrowRight aria-hidden="true" />
          </Link>
          <button type="button" onClick={onAdd} className={buttonClasses('primary', 'md')}>
            <Plus aria-hidden="true" />
            Add to your collection
          </button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Tile label="Items in Your Vault">
          <span className="tabular">{summary?.totalItems ?? itemCount}</span>
          <span className="font-normal text-muted text-sm tracking-normal">
            {summary
              ? `${plural(summary.setCount, 'set', 'sets')} · ${plural(summary.minifigCount, 'minifigure', 'minifigures')}`
              : ' '}
          </span>
        </Tile>
        <Tile label="Total Collection Value" loading={!summary}>
          <span className="tabular">{formatWholeAmount(summary?.totalValue, currency, rates)}</span>
          <span className="font-normal text-sm tracking-normal">
            <SignedChange
              amount={summary?.unrealizedPnl}
              percent={summary?.unrealizedPnlPercent}
              format={formatAmount}
            />{' '}
            <span className="text-muted">unrealized</span>
          </span>
          {notes.map((note) => (
            <span key={note} className="font-normal text-muted text-xs tracking-normal">
              {capitalized(note)}
            </span>
          ))}
        </Tile>
        <AnalyticsTile investor={investor} className="sm:col-span-2 lg:col-span-1" />
      </div>

      {/* One column that never grows past the screen: a long item number truncates instead. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <EntryListCard
          title="Most valuable"
          icon={Gem}
          entries={top.data?.entries}
          render={(entry) =>
            entry.value === null ? (
              <>
                <span className="block font-semibold text-fg">—</span>
                <span className="block text-subtle text-xs">No market price</span>
              </>
            ) : (
              <>
                <span className="block font-semibold text-fg">
                  <EntryValue entry={entry} format={formatAmount} />
                </span>
                <SignedChange
                  amount={entry.pnl}
                  percent={entry.pnlPercent}
                  format={formatAmount}
                  className="text-xs"
                />
              </>
            )
          }
        />
        <EntryListCard
          title="Recent additions"
          icon={Clock}
          entries={recent.data?.entries}
          render={(entry) => (
            <>
              <span className="block font-semibold text-fg">
                <EntryValue entry={entry} format={formatAmount} />
              </span>
              <span className="block text-subtle text-xs">
                Added <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
              </span>
            </>
          )}
        />
      </div>

      <TopThemes summary={summary} format={formatAmount} />
    </section>
  )
}

function Tile({ label, loading, children }: { label: string; loading?: boolean; children: ReactNode }) {
  return (
    <Card className="p-5">
      <p className="font-medium text-muted text-sm">{label}</p>
      <div className="mt-2 grid gap-1 font-extrabold text-3xl text-fg tracking-tight sm:text-4xl">
        {loading ? (
          <>
            <Skeleton className="h-9 w-32" />
            <Skeleton className="h-4 w-24" />
          </>
        ) : (
          children
        )}
      </div>
    </Card>
  )
}

/** Investors chose portfolio analytics (spec 01 §1): for them this card stands out. */
function AnalyticsTile({ investor, className }: { investor: boolean; className?: string }) {
  return (
    <Link
      href="/collection/analytics"
      className={cn(
        'group flex flex-col justify-between gap-3 rounded-2xl border p-5 transition-colors',
        investor
          ? 'border-brick-green/70 bg-[linear-gradient(135deg,rgb(35_120_65/0.25),transparent_60%)] hover:border-[#4ade80]'
          : 'border-line bg-surface hover:border-line-strong',
        className,
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="font-medium text-muted text-sm">{investor ? 'For investors' : 'Analytics'}</span>
        <ChartLine aria-hidden="true" className={cn('size-5', investor ? 'text-[#4ade80]' : 'text-subtle')} />
      </span>
      <span>
        <span className="block font-bold text-fg text-lg">Portfolio analytics</span>
        <span className="mt-1 block text-muted text-sm">
          Value over time against cost, allocation, ROI, and your best and worst performers.
        </span>
      </span>
      <span className="inline-flex items-center gap-1 font-semibold text-brick-yellow text-sm">
        Open analytics
        <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </Link>
  )
}

function EntryListCard({
  title,
  icon: Icon,
  entries,
  render,
}: {
  title: string
  icon: typeof Gem
  entries: readonly CollectionEntry[] | undefined
  render: (entry: CollectionEntry) => ReactNode
}) {
  const headingId = `home-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Card as="section" aria-labelledby={headingId} className="p-4 sm:p-5">
      <h3 id={headingId} className="flex items-center gap-2 font-bold text-lg">
        <Icon aria-hidden="true" className="size-5 text-brick-yellow" />
        {title}
      </h3>
      {entries ? (
        <ol className="mt-2 divide-y divide-line">
          {entries.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              detail={entry.quantity > 1 ? ` · ×${entry.quantity}` : ''}
              aside={<div className="shrink-0 text-right text-sm tabular">{render(entry)}</div>}
            />
          ))}
        </ol>
      ) : (
        <div className="mt-3 grid gap-3" aria-hidden="true">
          {Array.from({ length: 5 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className="h-11 w-full" />
          ))}
        </div>
      )}
    </Card>
  )
}

function TopThemes({
  summary,
  format,
}: {
  summary: CollectionSummary | undefined
  format: (amountGbp: string | null | undefined) => string
}) {
  const themes = summary?.topThemes ?? []
  return (
    <Card as="section" aria-labelledby="home-top-themes" className="p-4 sm:p-5">
      <h3 id="home-top-themes" className="flex items-center gap-2 font-bold text-lg">
        <Layers aria-hidden="true" className="size-5 text-brick-yellow" />
        Top themes
      </h3>
      {summary ? (
        <ol className="mt-3 grid gap-3 sm:grid-cols-3">
          {themes.map((theme, index) => (
            <li key={theme.theme} className="rounded-xl border border-line bg-canvas p-4">
              <p className="flex items-center gap-2 text-muted text-xs">
                <span className="inline-flex size-5 items-center justify-center rounded-full bg-raised font-bold text-[0.6875rem] text-fg">
                  {index + 1}
                </span>
                {plural(theme.items, 'item', 'items')}
              </p>
              <p className="mt-2 truncate font-semibold text-fg">{theme.theme}</p>
              <p className="mt-1 flex items-baseline justify-between gap-2 tabular">
                <span className="font-bold text-fg text-lg">{format(theme.value)}</span>
                <span className="text-muted text-xs">{themeShare(theme.value, summary.totalValue)}</span>
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <div className="mt-3 grid gap-3 sm:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} className="h-24 w-full" />
          ))}
        </div>
      )}
    </Card>
  )
}
