import type { Notification } from '#shared/contract/alerts.ts'
import { formatPrice, STORAGE_CURRENCY } from '#shared/money.ts'
import type { ToastInput } from '#web/components/ui/toast-store.ts'
import { FIRED_LABELS, NOTIFICATION_TEXTS } from './alert-texts.ts'

/** An amount as the alert holds it, in its own currency (no conversion: the server kept that moment's rate). */
const asRecorded = (amount: string, currency: Notification['currency']) =>
  formatPrice(amount, currency, undefined, currency)

/**
 * What a fired alert says: 'Fell below £600.00', the fair price that fired it in the alert's currency, and in
 * pounds too when that is another currency (prices are kept in pounds).
 */
export function firedText(notification: Notification) {
  return {
    fired: `${FIRED_LABELS[notification.direction]} ${asRecorded(notification.thresholdValue, notification.currency)}`,
    price: asRecorded(notification.price, notification.currency),
    priceGbp:
      notification.currency === STORAGE_CURRENCY ? null : asRecorded(notification.priceGbp, STORAGE_CURRENCY),
  }
}

/** The toast when an alert fires while the app is open: 'Price alert triggered' — '75192 - Millennium Falcon (New/Sealed): fell below £600.00, now £590.00'. */
export function triggeredToast(notification: Notification): ToastInput {
  const { fired, price, priceGbp } = firedText(notification)
  const now = priceGbp ? `${price} (${priceGbp})` : price
  return {
    title: NOTIFICATION_TEXTS.triggered,
    description: `${notification.item.number} - ${notification.item.name} (${notification.condition}): ${fired.toLowerCase()}, now ${now}`,
  }
}
