import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { NotificationList } from '#shared/contract/alerts.ts'

// Apart from queries.ts: the header's bell loads this on every screen, and nothing more of the feature with it.
export const NOTIFICATIONS_PATH = '/api/me/notifications'

/**
 * The user's notifications: the alerts that fired (the centre's pages are in notification-list-query.ts). Kept fresh by the live stream (use-notification-events.ts),
 * which invalidates every key under NOTIFICATIONS_PATH as each one arrives.
 */
/** A one-notification page: it carries the counts. */
const countsPage = { queryKey: [NOTIFICATIONS_PATH, { limit: 1 }] as const, staleTime: 60_000 }

export const notificationQueries = {
  /** The bell's count. */
  unread: () => queryOptions({ ...countsPage, select: (list: NotificationList) => list.unread }),
  /** The centre's chips: every notification and the unread, the same page as the bell's (one request). */
  counts: () =>
    queryOptions({
      ...countsPage,
      select: ({ total, unread }: NotificationList) => ({ total, unread }),
    }),
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...notificationQueries.unread(), enabled })
}

/** A notification arrived or was read: the bell's count and the centre's pages. */
export function invalidateNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_PATH] })
}
