import { Pencil, Trash2 } from 'lucide-react'
import { Link } from 'wouter'
import type { Alert } from '#shared/contract/alerts.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { cn } from '#web/lib/cn.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { exactTime } from '#web/lib/format.ts'
import { PRICE_BASIS_LABELS } from '#web/lib/labels.ts'
import {
  ALERT_TEXTS,
  DIRECTION_LABELS,
  distanceText,
  fairPriceText,
  rearmText,
  statusLabel,
  thresholdText,
} from '../alert-texts.ts'
import { PauseForMenu } from './pause-for-menu.tsx'

interface AlertRowProps {
  alert: Alert
  onActiveChange: (active: boolean) => void
  onPauseFor: (days: number) => void
  onEdit: () => void
  onDelete: () => void
  busy: boolean
}

/**
 * One alert (spec 02 §2): the item's picture, its number and name linking to it, the condition, 'Alert when
 * {direction} {threshold}' in the display currency (and as set, when that was another), Active or Paused,
 * and beside the threshold today's fair price, how far it is from the threshold, what it stands on and when it
 * was worked out (a price nobody has sold at for months shows its age); on a line of its own, when the alert last
 * fired, with the price it must move back past to fire again (the re-arm margin); when a paused one resumes by
 * itself; a switch to pause or resume it, pausing it for a while, edit, and delete.
 */
export function AlertRow({ alert, onActiveChange, onPauseFor, onEdit, onDelete, busy }: AlertRowProps) {
  const { currency, rates, formatAmount } = useCurrency()
  const threshold = thresholdText(alert, currency, rates)
  const asSet = alert.currency === currency ? null : thresholdText(alert, alert.currency, rates)
  const distance = distanceText(alert, rates)
  const rearm = rearmText(alert, currency, rates)
  const title = `${alert.item.number} - ${alert.item.name}`
  const basis = PRICE_BASIS_LABELS[alert.fairPriceBasis]
  return (
    <Card as="li" data-testid="alert-row" className="flex flex-wrap items-center gap-4 p-4 sm:flex-nowrap">
      <ItemImage item={alert.item} alt="" fallback="icon" className="size-16 shrink-0" />
      <div className="min-w-0 flex-1 basis-48">
        <Link href={`/item/${alert.item.slug}`} className="font-semibold underline-offset-2 hover:underline">
          {title}
        </Link>
        <p className="text-muted text-sm">{alert.condition}</p>
        <p className="mt-1 text-sm">
          Alert when {DIRECTION_LABELS[alert.direction]}{' '}
          <span className="tabular font-semibold">{threshold}</span>
          {asSet ? <span className="text-subtle"> (set as {asSet})</span> : null}
        </p>
        <p className="text-muted text-xs">
          {ALERT_TEXTS.fairPriceNow}:{' '}
          <span className="tabular">{fairPriceText(alert.fairPriceGbp, formatAmount)}</span>
          {distance ? ` (${distance})` : null}
          {basis ? ` · ${basis}` : null}
          {alert.fairPriceUpdatedAt ? (
            <>
              {` · ${ALERT_TEXTS.priceUpdated} `}
              <TimeAgo iso={alert.fairPriceUpdatedAt} />
            </>
          ) : null}
        </p>
        {alert.pausedUntil ? (
          <p className="text-muted text-xs">
            {`${ALERT_TEXTS.pauseFor.resumes} `}
            <time dateTime={alert.pausedUntil}>{exactTime(alert.pausedUntil)}</time>
          </p>
        ) : null}
        {alert.lastTriggered ? (
          <p className="text-muted text-xs">
            {`${ALERT_TEXTS.lastFired} `}
            <TimeAgo iso={alert.lastTriggered} />
            {rearm ? `; ${rearm}` : null}
          </p>
        ) : null}
      </div>
      <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:justify-end">
        <span
          className={cn(
            'inline-flex items-center rounded-full border px-2.5 py-0.5 font-semibold text-xs',
            alert.active
              ? 'border-[#4ade80]/50 bg-[#4ade80]/10 text-[#4ade80]'
              : 'border-line-strong bg-raised text-muted',
          )}
        >
          {statusLabel(alert.active)}
        </span>
        <Switch
          checked={alert.active}
          onCheckedChange={onActiveChange}
          label={`Active: ${title}`}
          disabled={busy}
        />
        <PauseForMenu title={title} onPauseFor={onPauseFor} />
        <button
          type="button"
          onClick={onEdit}
          disabled={busy}
          aria-label={`${ALERT_TEXTS.edit.action}: ${title}`}
          title={ALERT_TEXTS.edit.action}
          className={buttonClasses('ghost', 'sm', 'ml-auto h-9 px-2.5 sm:ml-0')}
        >
          <Pencil aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete alert: ${title}`}
          className={buttonClasses('ghost', 'sm', 'h-9 px-2.5')}
        >
          <Trash2 aria-hidden="true" />
        </button>
      </div>
    </Card>
  )
}
