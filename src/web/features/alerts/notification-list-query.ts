import { infiniteQueryOptions } from '@tanstack/react-query'
import type { NotificationList } from '#shared/contract/alerts.ts'
import { apiRequest } from '#web/lib/api.ts'
import { NOTIFICATIONS_PATH } from './notification-queries.ts'

/** Notifications per page of the /alerts centre ('Load more' fetches the next). */
export const NOTIFICATIONS_PAGE_SIZE = 30

/**
 * The centre's list, newest first, a page at a time: with the /alerts page, not in the header's bell (which
 * every screen loads). Under NOTIFICATIONS_PATH, so invalidateNotifications refreshes it too.
 */
export const notificationListQuery = () =>
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
  })
