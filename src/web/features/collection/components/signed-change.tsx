import { cn } from '#web/lib/cn.ts'
import { signedAmount, signedPercent, type Tone, toneOf } from '#web/lib/format.ts'

export const TONE_CLASSES: Record<Tone, string> = {
  gain: 'text-[#4ade80]',
  loss: 'text-[#ff8a8c]',
  flat: 'text-muted',
  none: 'text-subtle',
}

interface SignedChangeProps {
  /** A GBP decimal string; null when unknown ('—'). */
  amount: string | null | undefined
  percent?: string | null
  format: (amountGbp: string) => string
  /** Put the percentage under the amount rather than beside it. */
  stacked?: boolean
  className?: string
}

/** A gain or loss: green or red, and always with its + or − sign, so colour is never the only cue. */
export function SignedChange({ amount, percent, format, stacked, className }: SignedChangeProps) {
  const tone = toneOf(amount)
  const showPercent = percent !== undefined && tone !== 'none'
  return (
    <span
      className={cn('tabular', TONE_CLASSES[tone], stacked ? 'inline-grid justify-items-end' : '', className)}
    >
      <span>{signedAmount(amount, format)}</span>
      {showPercent ? (
        <span className={cn('text-xs', stacked ? 'opacity-90' : 'ml-1.5')}>
          {stacked ? signedPercent(percent) : `(${signedPercent(percent)})`}
        </span>
      ) : null}
    </span>
  )
}
