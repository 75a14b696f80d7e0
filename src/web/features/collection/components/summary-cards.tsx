import type { LucideIcon } from 'lucide-react'
import { Boxes, ChartNoAxesCombined, PiggyBank, Wallet } from 'lucide-react'
import type { ReactNode } from 'react'
import type { CollectionSummary } from '#shared/contract/collections.ts'
import { Card } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/cn.ts'
import { plural, signedAmount, signedPercent, toneOf } from '#web/lib/format.ts'
import { capitalized, estimateNote, pnlCaption, unknownCostNote, unpricedNote } from '../valuation-notes.ts'
import { SignedChange, TONE_CLASSES } from './signed-change.tsx'

interface SummaryCardsProps {
  summary: CollectionSummary | undefined
  format: (amountGbp: string | null | undefined) => string
  /** The user values unpriced items at retail (the unpriced are then those without a retail price too). */
  retailEstimate: boolean
}

/**
 * Total Value, Unrealized P&L, Cost Basis and Total Items (spec 01 §2), all in the display currency, each
 * saying what it leaves out or estimates (issue 12).
 */
export function SummaryCards({ summary, format, retailEstimate }: SummaryCardsProps) {
  const pnlTone = toneOf(summary?.unrealizedPnl)
  const valueNotes = [
    estimateNote(summary, format),
    unpricedNote(summary, format, { retailEstimate }),
  ].filter((note): note is string => note !== null)
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <SummaryCard label="Total Value" icon={Wallet} loading={!summary}>
        <span className="tabular">{format(summary?.totalValue)}</span>
        {valueNotes.length > 0 ? (
          valueNotes.map((note) => <Detail key={note}>{capitalized(note)}</Detail>)
        ) : (
          <Detail>
            <SignedChange amount={summary?.change24h} format={format} /> in 24h
          </Detail>
        )}
      </SummaryCard>
      <SummaryCard label="Unrealized P&L" icon={ChartNoAxesCombined} loading={!summary}>
        <span className={cn('tabular', TONE_CLASSES[pnlTone])}>
          {signedAmount(summary?.unrealizedPnl, format)}
        </span>
        <Detail className={summary?.unrealizedPnlPercent ? TONE_CLASSES[pnlTone] : undefined}>
          {summary?.unrealizedPnlPercent
            ? [signedPercent(summary.unrealizedPnlPercent), pnlCaption(summary)].filter(Boolean).join(' ')
            : pnlCaption(summary)}
        </Detail>
      </SummaryCard>
      <SummaryCard label="Cost Basis" icon={PiggyBank} loading={!summary}>
        <span className="tabular">{format(summary?.costBasis)}</span>
        <Detail>{unknownCostNote(summary) ?? 'What you paid'}</Detail>
      </SummaryCard>
      <SummaryCard label="Total Items" icon={Boxes} loading={!summary}>
        <span className="tabular">{summary?.totalItems ?? 0}</span>
        <Detail>
          {plural(summary?.setCount ?? 0, 'set', 'sets')} ·{' '}
          {plural(summary?.minifigCount ?? 0, 'minifigure', 'minifigures')}
        </Detail>
      </SummaryCard>
    </dl>
  )
}

function SummaryCard({
  label,
  icon: Icon,
  loading,
  children,
}: {
  label: string
  icon: LucideIcon
  loading: boolean
  children: ReactNode
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <dt className="flex items-center justify-between gap-2 font-medium text-muted text-xs uppercase tracking-wide sm:text-sm sm:normal-case sm:tracking-normal">
        {label}
        <Icon aria-hidden="true" className="hidden size-4 text-subtle sm:block" />
      </dt>
      <dd className="mt-2 grid gap-1 font-bold text-fg text-xl sm:text-2xl" aria-busy={loading}>
        {loading ? (
          <>
            <Skeleton className="h-7 w-28" />
            <Skeleton className="h-4 w-20" />
          </>
        ) : (
          children
        )}
      </dd>
    </Card>
  )
}

function Detail({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={cn('font-normal text-muted text-xs sm:text-sm', className)}>{children}</span>
}
