import { BadgeCheck, CircleCheck, CircleX, Clock, ExternalLink, Trash2 } from 'lucide-react'
import type { Sale } from '#shared/contract/market.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { cn } from '#web/lib/cn.ts'
import { usePrice } from '#web/lib/currency/currency-provider.tsx'
import { formatDay } from '#web/lib/format.ts'
import { originallyText } from '../market-texts.ts'
import { badgeClasses } from './market-styles.ts'

interface SaleListItemProps {
  sale: Sale
  /** Offers Verify on a pending sale. */
  canVerify: boolean
  canDelete: boolean
  verifying: boolean
  onVerify: (sale: Sale) => void
  /** Asks to delete (the tab confirms it). */
  onDelete: (sale: Sale, label: string) => void
}

/**
 * One sale (spec 02 §2): its price in the display currency (and 'Originally …' when it was paid in
 * another currency than pounds), condition, date, source and status (a rejected one with the moderator's
 * reason: only its submitter and moderators see it); Verify and Delete for moderators.
 */
export function SaleListItem({
  sale,
  canVerify,
  canDelete,
  verifying,
  onVerify,
  onDelete,
}: SaleListItemProps) {
  const formatAmount = usePrice()
  const price = formatAmount(sale.priceGbp)
  const day = formatDay(sale.saleDate)
  const originally = originallyText(sale)
  const verified = sale.status === 'verified'

  return (
    <li data-testid="sale" className="flex items-start justify-between gap-4 p-4">
      <div className="min-w-0">
        <p className="font-medium text-fg">{sale.condition.label}</p>
        <p className="text-muted text-sm">
          <time dateTime={sale.saleDate}>{day}</time>
          {sale.sourceRef ? <span className="break-all"> · Ref {sale.sourceRef}</span> : null}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <span className={cn(badgeClasses, 'border-line-strong bg-raised text-muted')}>{sale.source}</span>
          <StatusBadge status={sale.status} />
          {sale.proofUrl ? (
            <a
              href={sale.proofUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1 rounded text-brick-blue-bright text-xs underline-offset-4 hover:underline"
            >
              Proof
              <ExternalLink aria-hidden="true" className="size-3" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </div>
        {sale.status === 'rejected' && sale.rejectionReason ? (
          <p className="mt-2 text-pretty break-words text-[#ffb3b4] text-sm">
            <span className="font-semibold">Reason:</span> {sale.rejectionReason}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end text-right">
        <p className="font-bold text-fg text-lg tabular leading-tight">{price}</p>
        {originally ? <p className="mt-0.5 text-subtle text-xs tabular">{originally}</p> : null}
        {(canVerify && !verified) || canDelete ? (
          <div className="mt-2 flex items-center gap-1.5">
            {canVerify && !verified ? (
              <button
                type="button"
                onClick={() => onVerify(sale)}
                disabled={verifying}
                className={buttonClasses('secondary', 'sm', 'h-8 px-2.5')}
              >
                <CircleCheck aria-hidden="true" />
                {verifying ? 'Verifying...' : 'Verify'}
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                onClick={() => onDelete(sale, `the sale of ${price} (${sale.condition.label}, ${day})`)}
                aria-label={`Delete sale of ${price} on ${day}`}
                className={buttonClasses('ghost', 'sm', 'size-8 px-0 hover:text-[#ff8a8c]')}
              >
                <Trash2 aria-hidden="true" />
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  )
}

const STATUS_BADGES = {
  verified: {
    label: 'Verified',
    icon: BadgeCheck,
    classes: 'border-[#2f9e5a]/60 bg-[#0f2a1a] text-[#7ee2a4]',
  },
  pending: {
    label: 'Pending',
    icon: Clock,
    classes: 'border-brick-yellow/40 bg-[#2a2408] text-brick-yellow',
  },
  rejected: { label: 'Rejected', icon: CircleX, classes: 'border-brick-red/60 bg-[#2a0d0e] text-[#ff8a8c]' },
} as const

function StatusBadge({ status }: { status: Sale['status'] }) {
  const { label, icon: Icon, classes } = STATUS_BADGES[status]
  return (
    <span className={cn(badgeClasses, classes)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  )
}
