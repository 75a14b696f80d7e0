import { Check } from 'lucide-react'
import { Link } from 'wouter'
import type { Notification } from '#shared/contract/alerts.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { TimeAgo } from '#web/components/ui/time-ago.tsx'
import { cn } from '#web/lib/cn.ts'
import { NOTIFICATION_TEXTS } from '../alert-texts.ts'
import { firedText } from '../notification-text.ts'

interface NotificationRowProps {
  notification: Notification
  now: number
  onMarkRead: () => void
  busy: boolean
}

/**
 * One fired alert: the item's picture, its number and name linking to it, the condition, 'Fell below £600.00'
 * with the fair price that fired it (in the alert's currency, and in pounds when that is another), and when.
 * Unread ones stand out (a yellow edge, a bold name, 'Unread' for screen readers) and are marked read with their
 * button or by opening the item.
 */
export function NotificationRow({ notification, now, onMarkRead, busy }: NotificationRowProps) {
  const { fired, price, priceGbp } = firedText(notification)
  const title = `${notification.item.number} - ${notification.item.name}`
  const unread = !notification.read
  return (
    <Card
      as="li"
      data-testid="notification-row"
      data-unread={unread || undefined}
      className={cn(
        'flex flex-wrap items-center gap-4 p-4 sm:flex-nowrap',
        unread && 'shadow-[inset_4px_0_0_var(--color-brick-yellow)]',
      )}
    >
      <ItemImage item={notification.item} alt="" fallback="icon" className="size-16 shrink-0" />
      <div className="min-w-0 flex-1 basis-48">
        <Link
          href={`/item/${notification.item.slug}`}
          // Opening the item is reading the notification, as in any inbox.
          onClick={unread ? onMarkRead : undefined}
          className={cn(
            'inline-block underline-offset-2 hover:underline',
            unread ? 'font-bold' : 'font-semibold',
          )}
        >
          {unread ? <span className="sr-only">{NOTIFICATION_TEXTS.unread}: </span> : null}
          {title}
        </Link>
        <p className="text-muted text-sm">{notification.condition}</p>
        <p className="mt-1 text-sm">
          <span className="font-semibold">{fired}</span>
          {': fair price '}
          <span className="tabular font-semibold">{price}</span>
          {priceGbp ? <span className="tabular text-muted"> ({priceGbp})</span> : null}
        </p>
        <p className="text-muted text-xs">
          <TimeAgo iso={notification.createdAt} now={now} />
        </p>
      </div>
      {unread ? (
        <button
          type="button"
          onClick={onMarkRead}
          disabled={busy}
          aria-label={`${NOTIFICATION_TEXTS.markRead}: ${title}`}
          className={buttonClasses('ghost', 'sm', 'ml-auto')}
        >
          <Check aria-hidden="true" />
          {NOTIFICATION_TEXTS.markRead}
        </button>
      ) : null}
    </Card>
  )
}
