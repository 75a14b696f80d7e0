import { CircleCheck, CircleX, ExternalLink } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'wouter'
import type { ReviewSale } from '#shared/contract/moderation.ts'
import { type CurrencyCode, formatPrice, isCurrencyCode } from '#shared/money.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { formatDay } from '#web/lib/format.ts'
import { linkHost, personText } from '../moderation-texts.ts'
import { Fact, Facts, Provenance } from './facts.tsx'
import { preloadReasonDialog } from './lazy-dialogs.tsx'

interface ReviewSaleCardProps {
  sale: ReviewSale
  verifying: boolean
  onVerify: (sale: ReviewSale) => void
  onReject: (sale: ReviewSale) => void
}

/**
 * A sale waiting for review: what sold, for how much in the currency it was paid in and in the
 * moderator's own, in what condition, when and where, the proof, and who recorded it; Verify and Reject.
 */
export function ReviewSaleCard({ sale, verifying, onVerify, onReject }: ReviewSaleCardProps) {
  const { currency, rates, formatAmount } = useCurrency()
  const titleId = useId()
  const paid = isCurrencyCode(sale.currency) ? sale.currency : null
  const original = paid
    ? formatPrice(sale.originalPrice, paid, rates, paid)
    : `${sale.currency} ${sale.originalPrice}`
  const inDisplayCurrency = paid === currency ? null : formatAmount(sale.priceGbp)
  const { item } = sale

  return (
    <Card as="li" aria-labelledby={titleId} data-testid="review-sale" className="p-4 sm:p-5">
      <div className="flex items-start gap-3 sm:gap-4">
        <ItemImage fallback="icon" item={item} alt={item.name} className="size-14 sm:size-20" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <Link
              href={`/item/${item.slug}`}
              id={titleId}
              className="font-semibold text-fg leading-snug underline-offset-4 hover:underline"
            >
              {item.number} - {item.name}
            </Link>
            <p className="shrink-0 sm:text-right">
              <span className="font-bold text-fg text-lg tabular">{original}</span>
              {inDisplayCurrency ? (
                <span className="ml-2 text-muted text-sm tabular sm:ml-0 sm:block">
                  ≈ {inDisplayCurrency} <span className="sr-only">in {currency as CurrencyCode}</span>
                </span>
              ) : null}
            </p>
          </div>
          <Facts className="mt-3">
            <Fact label="Condition">{sale.condition.label}</Fact>
            <Fact label="Sold">
              <time dateTime={sale.saleDate}>{formatDay(sale.saleDate)}</time>
            </Fact>
            <Fact label="Source">
              {sale.source}
              {sale.sourceRef ? <span className="break-all text-muted"> · Ref {sale.sourceRef}</span> : null}
            </Fact>
            <Fact label="Proof">
              {sale.proofUrl ? (
                <a
                  href={sale.proofUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex max-w-full items-center gap-1 text-brick-blue-bright underline-offset-4 hover:underline"
                >
                  <span className="truncate">{linkHost(sale.proofUrl)}</span>
                  <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                <span className="text-subtle">None given</span>
              )}
            </Fact>
          </Facts>
          <Provenance verb="Recorded by" who={personText(sale.submitter)} at={sale.createdAt} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2 border-line border-t pt-4">
        <button
          type="button"
          onPointerEnter={preloadReasonDialog}
          onFocus={preloadReasonDialog}
          onClick={() => onReject(sale)}
          disabled={verifying}
          aria-describedby={titleId}
          className={buttonClasses('danger-outline', 'sm')}
        >
          <CircleX aria-hidden="true" />
          Reject
        </button>
        <button
          type="button"
          onClick={() => onVerify(sale)}
          disabled={verifying}
          aria-describedby={titleId}
          className={buttonClasses('primary', 'sm')}
        >
          <CircleCheck aria-hidden="true" />
          {verifying ? 'Verifying...' : 'Verify'}
        </button>
      </div>
    </Card>
  )
}
