import { Bell, BellRing } from 'lucide-react'
import { Link } from 'wouter'
import type { WantedItem } from '#shared/contract/imports.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { maxPriceTexts } from '../wanted-prices.ts'
import { alertOneLabel, WANTED_TEXTS } from '../wanted-texts.ts'

const WATCHLIST_HREF = '/watchlist'

export interface WantedAlertProps {
  wanted: WantedItem
  /** Sets the row's alert at its price (the page's mutation, which toasts). */
  onAlert: (wanted: WantedItem) => void
  /** The row whose alert is being set, if any. */
  alerting: number | null
}

/**
 * A row's price alert (ADR 051): 'Alert set', leading to the watchlist, once the item has a "below" alert in
 * the grade wanted; else 'Alert me', which sets one at the most the user would pay; nothing without a limit.
 */
export function WantedAlert({ wanted, onAlert, alerting }: WantedAlertProps) {
  const money = useCurrency()
  if (wanted.hasPriceAlert) {
    return (
      <Link
        href={WATCHLIST_HREF}
        title="See it on your watchlist"
        className="inline-flex h-9 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg px-2.5 font-medium text-brick-yellow text-sm underline-offset-2 hover:underline"
      >
        <BellRing aria-hidden="true" className="size-4" />
        {WANTED_TEXTS.alerts.set}
      </Link>
    )
  }
  const limit = maxPriceTexts(wanted, money)
  if (!limit) return null
  const pending = alerting === wanted.id
  return (
    <button
      type="button"
      aria-label={alertOneLabel(wanted.item, limit.amount)}
      title={`Alert me when its fair price falls to ${limit.amount}`}
      disabled={alerting !== null}
      aria-busy={pending}
      onClick={() => onAlert(wanted)}
      className="inline-flex h-9 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg px-2.5 font-medium text-muted text-sm transition-colors hover:bg-raised hover:text-fg disabled:opacity-50"
    >
      <Bell aria-hidden="true" className="size-4" />
      {WANTED_TEXTS.alerts.one}
    </button>
  )
}
