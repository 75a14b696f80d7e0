import { Bell } from 'lucide-react'
import { Link, useLocation } from 'wouter'
import { cn } from '#web/lib/cn.ts'
import { useUnreadCount } from '../notification-queries.ts'

/** The bell's accessible name: 'Notifications, 3 unread'. (Not in alert-texts.ts: the header loads this file on every screen.) */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'

/** Up to this many the badge shows the count; past it, '99+'. */
const BADGE_MAX = 99

/**
 * The header's bell (issue 13 part 4): a link to the notification centre (/alerts) with the unread count
 * as a badge; its name says the count ('Notifications, 3 unread'). Signed-in users only.
 */
export function NotificationBell() {
  const unread = useUnreadCount(true).data ?? 0
  const [location] = useLocation()
  return (
    <Link
      href="/alerts"
      aria-label={bellLabel(unread)}
      aria-current={location === '/alerts' ? 'page' : undefined}
      className={cn(
        'relative inline-flex size-9 items-center justify-center rounded-lg border border-line bg-surface text-muted transition-colors hover:border-line-strong hover:bg-raised hover:text-fg',
        location === '/alerts' && 'border-line-strong bg-raised text-fg',
      )}
    >
      <Bell aria-hidden="true" className="size-4" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="tabular -top-1.5 -right-1.5 absolute inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brick-red px-1 font-bold text-[11px] text-white leading-none ring-2 ring-canvas"
        >
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
    </Link>
  )
}
