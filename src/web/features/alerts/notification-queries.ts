import { infiniteQueryOptions, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { NotificationList } from '#shared/contract/alerts.ts'
import { apiRequest } from '#web/lib/api.ts'

// Apart from queries.ts: the header's bell loads this on every screen, and nothing more of the feature with it.
export const NOTIFICATIONS_PATH = '/api/me/notifications'
/** Notifications per page of the /alerts centre ('Load more' fetches the next). */
export const NOTIFICATIONS_PAGE_SIZE = 30

/**
 * The user's notifications: the alerts that fired. Kept fresh by the live stream (use-notification-events.ts),
 * which invalidates every key under NOTIFICATIONS_PATH as each one arrives.
 */
export const notificationQueries = {
  /** The bell's count: a one-notification page carries the counts. */
  unread: () =>
    queryOptions({
      queryKey: [NOTIFICATIONS_PATH, { limit: 1 }] as const,
      staleTime: 60_000,
      select: (list: NotificationList) => list.unread,
    }),
  /** The centre's list, newest first, a page at a time. */
  list: () =>
    infiniteQueryOptions({
      queryKey: [NOTIFICATIONS_PATH, { limit: NOTIFICATIONS_PAGE_SIZE }] as const,
      staleTime: 0,
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        apiRequest<NotificationList>(
          'GET',
          `${NOTIFICATIONS_PATH}?limit=${NOTIFICATIONS_PAGE_SIZE}&offset=${pageParam}`,
          { signal },
        ),
      getNextPageParam: (last: NotificationList, pages: NotificationList[]) => {
        const loaded = pages.reduce((count, page) => count + page.notifications.length, 0)
        return last.notifications.length > 0 && loaded < last.total ? loaded : undefined
      },
    }),
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...notificationQueries.unread(), enabled })
}

/** A notification arrived or was read: the bell's count and the centre's pages. */
export function invalidateNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_PATH] })
}
