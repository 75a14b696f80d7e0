import type { CollectionEntry } from '#shared/contract/collections.ts'
import { Tooltip } from '#web/components/ui/tooltip.tsx'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { NO_VALUE } from '#web/lib/format.ts'
import { estimateExplanation } from '../valuation-notes.ts'

type ValuedEntry = Pick<CollectionEntry, 'value' | 'valueEstimated' | 'retailEstimate'>

/**
 * An entry's value as the lists show it: the amount, '—' without one, and for a value estimated at
 * retail an "est." marker that says what the estimate stands on (issue 12).
 */
export function EntryValue({
  entry,
  format,
}: {
  entry: ValuedEntry
  format: (amountGbp: string | null | undefined) => string
}) {
  if (entry.value === null) return <>{NO_VALUE}</>
  return (
    <>
      {format(entry.value)}
      {entry.valueEstimated ? (
        <>
          {' '}
          <EstimateMarker entry={entry} />
        </>
      ) : null}
    </>
  )
}

/**
 * "est.", focusable, with the explanation on hover and focus and in its accessible name (which starts
 * with the visible text). Phones, which have no hover, read it in the list's footnote and the summary.
 */
export function EstimateMarker({ entry }: { entry: ValuedEntry }) {
  const { currency, rates } = useCurrency()
  const explanation = estimateExplanation(entry, { currency, rates })
  if (!explanation) return null
  return (
    <Tooltip content={explanation}>
      <button
        type="button"
        className="rounded border border-brick-yellow/40 px-1 align-[0.1em] font-semibold text-[0.6875rem] text-brick-yellow leading-4"
      >
        est.<span className="sr-only">: {explanation}</span>
      </button>
    </Tooltip>
  )
}

/** The footnote under a list that shows estimates. */
export const ESTIMATE_FOOTNOTE =
  'est.: estimated at the retail price, converted at today’s rate, for items with no market price yet.'
