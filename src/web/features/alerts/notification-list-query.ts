import { infiniteQueryOptions } from '@tanstack/react-query'
import type { NotificationList } from '#shared/contract/alerts.ts'
import { isOneOf, NOTIFICATION_VIEWS, type NotificationView } from '#shared/contract/values.ts'
import { apiRequest } from '#web/lib/api.ts'
import { NOTIFICATIONS_PATH } from './notification-queries.ts'

/** Notifications per page of the /alerts centre ('Load more' fetches the next). */
export const NOTIFICATIONS_PAGE_SIZE = 30

/** The centre's view from the URL's query (`?show=unread`); anything else shows them all. */
export function parseNotificationView(search: string): NotificationView {
  const show = new URLSearchParams(search).get('show')
  return isOneOf(NOTIFICATION_VIEWS, show) ? show : 'all'
}

/** How many notifications the view holds, over all pages. */
export const viewTotal = (list: Pick<NotificationList, 'total' | 'unread'>, show: NotificationView) =>
  show === 'unread' ? list.unread : list.total

/**
 * The centre's list, newest first, a page at a time: with the /alerts page, not in the header's bell (which
 * every screen loads). Under NOTIFICATIONS_PATH, so invalidateNotifications refreshes it too; a refresh fetches
 * the pages again from the first, so marking one read in the unread view skips none of the next page.
 */
export const notificationListQuery = (show: NotificationView) =>
  infiniteQueryOptions({
    queryKey: [NOTIFICATIONS_PATH, { limit: NOTIFICATIONS_PAGE_SIZE, show }] as const,
    staleTime: 0,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<NotificationList>(
        'GET',
        `${NOTIFICATIONS_PATH}?show=${show}&limit=${NOTIFICATIONS_PAGE_SIZE}&offset=${pageParam}`,
        { signal },
      ),
    getNextPageParam: (last: NotificationList, pages: NotificationList[]) => {
      const loaded = pages.reduce((count, page) => count + page.notifications.length, 0)
      return last.notifications.length > 0 && loaded < viewTotal(last, show) ? loaded : undefined
    },
  })
