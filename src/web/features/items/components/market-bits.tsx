import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { GradeSummary } from '#shared/contract/market.ts'
import { cn } from '#web/lib/cn.ts'
import { exactTime, relativeTime, signedPercent, toneOf } from '#web/lib/format.ts'
import { badgeClasses } from './market-styles.ts'

/** Small pieces the Pricing and Sales History tabs share. */

const CONFIDENCE_CLASSES: Record<GradeSummary['confidence'], string> = {
  HIGH: 'border-[#2f9e5a]/60 bg-[#0f2a1a] text-[#7ee2a4]',
  MEDIUM: 'border-brick-yellow/50 bg-[#2a2408] text-brick-yellow',
  LOW: 'border-[#f59e0b]/50 bg-[#2a1706] text-[#fdba74]',
}

/** HIGH, MEDIUM or LOW, in words and in colour (green, yellow, orange). */
export function ConfidenceBadge({ confidence }: { confidence: GradeSummary['confidence'] }) {
  return (
    <span className={cn(badgeClasses, CONFIDENCE_CLASSES[confidence])}>
      <span className="sr-only">Confidence: </span>
      {confidence}
      <span aria-hidden="true" className="font-medium opacity-80">
        confidence
      </span>
    </span>
  )
}

/** The 30-day trend: '+37.50%' in green, '−5.00%' in red, with an arrow; '—' without one. */
export function TrendValue({ trend, className }: { trend: string | null; className?: string }) {
  const tone = toneOf(trend)
  if (tone === 'none') return <span className={cn('text-muted', className)}>—</span>
  const Icon = tone === 'gain' ? ArrowUpRight : tone === 'loss' ? ArrowDownRight : ArrowRight
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 font-semibold tabular',
        tone === 'gain' && 'text-[#7ee2a4]',
        tone === 'loss' && 'text-[#ff8a8c]',
        tone === 'flat' && 'text-muted',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {signedPercent(trend)}
    </span>
  )
}

/** The current time, updated every `intervalMs`, so relative times stay true while the page is open. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

/** 'Last updated 5 minutes ago', with the exact time on hover (and for screen readers in the datetime). */
export function LastUpdated({ iso, className }: { iso: string | null; className?: string }) {
  const now = useNow()
  if (!iso) return null
  const ago = relativeTime(iso, now)
  if (!ago) return null
  const exact = exactTime(iso)
  return (
    <p className={cn('text-subtle text-xs', className)}>
      Last updated{' '}
      <time dateTime={iso} title={exact}>
        {ago}
      </time>
    </p>
  )
}
