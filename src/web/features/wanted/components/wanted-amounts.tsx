import { CircleCheck } from 'lucide-react'
import type { WantedItem } from '#shared/contract/imports.ts'
import { cn } from '#web/lib/cn.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { maxPriceTexts, priceVerdict } from '../wanted-prices.ts'
import { WANTED_TEXTS } from '../wanted-texts.ts'

/** The most the user would pay, in the display currency, and as the file wrote it when that differs. */
export function MaxPrice({ wanted }: { wanted: WantedItem }) {
  const money = useCurrency()
  const texts = maxPriceTexts(wanted, money)
  if (!texts) return <span className="text-subtle">{WANTED_TEXTS.noLimit}</span>
  return (
    <>
      <span className="block font-semibold text-fg tabular">{texts.amount}</span>
      {texts.inFile ? (
        <span className="block whitespace-nowrap text-subtle text-xs tabular">{texts.inFile}</span>
      ) : null}
    </>
  )
}

/**
 * Today's fair price of the grade wanted, or that there is none yet; with `verdict`, whether it is within
 * the limit under it (the table; the cards show PriceVerdict on a line of its own).
 */
export function FairPrice({ wanted, verdict = false }: { wanted: WantedItem; verdict?: boolean }) {
  const { formatAmount } = useCurrency()
  if (wanted.fairPriceGbp === null) return <span className="text-subtle">{WANTED_TEXTS.noPrice}</span>
  return (
    <>
      <span className="block font-semibold text-fg tabular">{formatAmount(wanted.fairPriceGbp)}</span>
      {verdict ? <PriceVerdict wanted={wanted} className="mt-1" /> : null}
    </>
  )
}

/**
 * Whether today's fair price is within the limit: a green mark with words (never colour alone) when it
 * is, a quiet note when it is over, nothing when either is unknown.
 */
export function PriceVerdict({ wanted, className }: { wanted: WantedItem; className?: string }) {
  const verdict = priceVerdict(wanted)
  if (verdict === 'within')
    return (
      <span
        className={cn(
          'inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-brick-green/70 bg-brick-green/15 px-2 py-0.5 font-semibold text-[#4ade80] text-xs',
          className,
        )}
      >
        <CircleCheck aria-hidden="true" className="size-3.5" />
        {WANTED_TEXTS.withinPrice}
      </span>
    )
  if (verdict === 'above')
    return <span className={cn('block text-subtle text-xs', className)}>{WANTED_TEXTS.abovePrice}</span>
  return null
}
