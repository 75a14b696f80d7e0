import type { Alert } from '#shared/contract/alerts.ts'
import type { AlertDirection, CurrencyCode } from '#shared/contract/values.ts'
import { convertAmount, formatPrice, isAtOrBelow, parseAmount, type RatesPerUsd } from '#shared/money.ts'
import { exactTime, percentOf } from '#web/lib/format.ts'
import { ALERT_CREATED_TEXTS } from './alert-created-texts.ts'

/** What the alert screens say, in one place: the spec's texts (02 §2, §4, §8) and ours around them. */
export const ALERT_TEXTS = {
  setAlert: 'Set Alert',
  dialogTitle: 'Set Price Alert',
  created: ALERT_CREATED_TEXTS,
  deleted: { title: 'Alert deleted', failure: 'Failed to delete alert' },
  paused: { title: 'Alert paused', resumed: 'Alert resumed', failure: 'Failed to change alert' },
  /** Ours: pausing an alert for a while (a snooze); it resumes by itself, checking the price as it is then. */
  pauseFor: {
    action: 'Pause for a while',
    choices: [
      { days: 1, label: 'For 1 day' },
      { days: 7, label: 'For 1 week' },
      { days: 30, label: 'For 30 days' },
    ],
    resumes: 'Resumes',
  },
  /** Ours (the spec has no edit): the watchlist's Edit Price Alert dialog. */
  edit: {
    action: 'Edit alert',
    title: 'Edit Price Alert',
    saved: 'Alert updated',
    failure: 'Failed to update alert',
    conditionFixed: 'To watch another condition, set a new alert on the item page.',
  },
  watchlist: 'My Watchlist',
  signInRequired: 'Sign in Required',
  signInText: 'Sign in to see the price alerts you have set.',
  empty: 'No alerts set',
  emptyText: 'Set an alert on any set or minifigure and it shows here.',
  browse: 'Browse Items',
  browseTitle: 'Browse Items',
  browseText: 'Find something to watch.',
  active: 'Active',
  paused_: 'Paused',
  noData: 'No data',
  /** Ours: beside a threshold, in the watchlist's rows and the alert dialogs. */
  fairPriceNow: 'Fair price now',
  /** Ours: in the Set Price Alert modal, the alerts the user already has on the item. */
  itemAlerts: 'Your alerts on this item',
  manage: 'Manage in My Watchlist',
  /** Ours: the watchlist's search and filters finding nothing, and its count of what they leave. */
  noMatch: 'No alerts match',
  noMatchText: 'Try another search or filter.',
  nouns: { one: 'alert', many: 'alerts' },
  /** Ours: beside the fair price, when the alert last fired. */
  lastFired: 'Last fired',
  /** Ours: when the fair price was last worked out, so a price nobody has sold at for months shows its age. */
  priceUpdated: 'Updated',
} as const

export const DIRECTION_LABELS: Record<AlertDirection, string> = { below: 'below', above: 'above' }
export const DIRECTION_OPTIONS: ReadonlyArray<{ value: AlertDirection; label: string }> = [
  { value: 'below', label: 'Below' },
  { value: 'above', label: 'Above' },
]

/** Ours: the shortcuts that set the threshold a percentage past today's fair price (alert-fields.tsx). */
export const thresholdShortcutText = 'Set it from the fair price:'
export const thresholdShortcutLabel = (direction: AlertDirection, percent: number) =>
  `${percent} % ${DIRECTION_LABELS[direction]} today's fair price`

/** An alert's threshold in the display currency, converted from the one it was set in. */
export const thresholdText = (
  alert: Pick<Alert, 'thresholdValue' | 'currency'>,
  currency: CurrencyCode,
  rates: RatesPerUsd,
) => formatPrice(alert.thresholdValue, currency, rates, alert.currency)

/** Ours: on the watchlist, where today's fair price stands against the threshold. */
export const REACHED: Record<AlertDirection, string> = {
  below: 'at or below your threshold',
  above: 'at or above your threshold',
}
/** The other side of the threshold: where the price is before it fires, and where it must go back to re-arm. */
const OTHER_SIDE: Record<AlertDirection, string> = { below: 'above', above: 'below' }

/** Where today's fair price stands against an alert's threshold: there already, or this far short of it. */
export type Standing = { reached: true } | { reached: false; gap: string }

/**
 * Where today's fair price stands against the alert's threshold, compared in the threshold's currency as the
 * engine compares them (equal counts as reached): the gap is what the price still has to move, in that
 * currency. Null without a price.
 */
export function standing(
  alert: Pick<Alert, 'fairPriceGbp' | 'thresholdValue' | 'currency' | 'direction'>,
  rates: RatesPerUsd,
): Standing | null {
  if (alert.fairPriceGbp === null) return null
  const price = convertAmount(alert.fairPriceGbp, 'GBP', alert.currency, rates)
  const reached =
    alert.direction === 'below'
      ? isAtOrBelow(price, alert.thresholdValue)
      : isAtOrBelow(alert.thresholdValue, price)
  if (reached) return { reached: true }
  const gap = parseAmount(price)?.minus(alert.thresholdValue).abs().toString()
  return gap === undefined ? null : { reached: false, gap }
}

/**
 * Ours, on the watchlist: '12.5% above your threshold' while a below-alert waits, 'at or below your
 * threshold' once the price is there (and the mirror for above); null without a price.
 */
export function distanceText(
  alert: Pick<Alert, 'fairPriceGbp' | 'thresholdValue' | 'currency' | 'direction'>,
  rates: RatesPerUsd,
): string | null {
  const where = standing(alert, rates)
  if (where === null) return null
  if (where.reached) return REACHED[alert.direction]
  const percent = percentOf(where.gap, alert.thresholdValue, 1)
  return percent === null ? null : `${percent}% ${OTHER_SIDE[alert.direction]} your threshold`
}

/** Ours: after a fired alert's time, the price that lets it fire again, in the display currency. */
export function rearmText(
  alert: Pick<Alert, 'rearmsPast' | 'currency' | 'direction'>,
  currency: CurrencyCode,
  rates: RatesPerUsd,
): string | null {
  if (alert.rearmsPast === null) return null
  const limit = formatPrice(alert.rearmsPast, currency, rates, alert.currency)
  return `fires again once back ${OTHER_SIDE[alert.direction]} ${limit}`
}

/**
 * Ours: the description of the toast that confirms a create, save or resume when the server fired the alert in
 * that same request (today's fair price was already at the threshold). Its own 'Price alert triggered' toast
 * comes over the live stream, before or after this one, and only one toast shows at a time: so this one says it
 * too, whichever is left. Undefined when the request fired nothing.
 */
export function firedNowText(
  before: Pick<Alert, 'lastTriggered'> | undefined,
  after: Pick<Alert, 'lastTriggered' | 'direction'>,
): string | undefined {
  if (after.lastTriggered === null || after.lastTriggered === before?.lastTriggered) return undefined
  return `Today's fair price is already ${REACHED[after.direction]}, so it has fired: see Alerts.`
}

/** What the toast of an alert paused until a time says: when it resumes, and what it does then. */
export const pausedUntilText = (pausedUntil: string) =>
  `Until ${exactTime(pausedUntil)}; it then resumes by itself, and fires if the price is at your threshold.`

/** Today's fair price beside a threshold, in the display currency; 'No data' while there is none. */
export const fairPriceText = (fairPriceGbp: string | null, formatAmount: (amount: string) => string) =>
  fairPriceGbp ? formatAmount(fairPriceGbp) : ALERT_TEXTS.noData

/** Spec 02 §4: an active alert shows 'Active', otherwise 'Paused'. */
export const statusLabel = (active: boolean) => (active ? ALERT_TEXTS.active : ALERT_TEXTS.paused_)

/** The notification centre (/alerts), the bell and the live toast: ours (the spec has only a placeholder). */
export const NOTIFICATION_TEXTS = {
  title: 'Alerts',
  signInText: 'Sign in to see the price alerts that fired.',
  empty: 'No alerts yet',
  emptyText: 'When the fair price of something you watch crosses your threshold, it shows here.',
  watchlist: 'My Watchlist',
  markAllRead: 'Mark all as read',
  /** The centre's two views, and the unread one when every notification is read. */
  show: 'Show',
  all: 'All',
  noUnread: 'No unread alerts',
  noUnreadText: "You're all caught up: every alert that fired has been read.",
  markRead: 'Mark read',
  unread: 'Unread',
  loadError: 'The alerts could not be loaded.',
  markFailure: 'Failed to mark alerts as read',
  /** The live toast when an alert fires (not in spec 02 §8, which has no such toast). */
  triggered: 'Price alert triggered',
} as const

/** 'Fell below' / 'Rose above': what the price did to fire the alert. */
export const FIRED_LABELS: Record<AlertDirection, string> = { below: 'Fell below', above: 'Rose above' }
