import type { Database } from '#server/db/client.ts'
import type { NotificationList } from '#shared/contract/alerts.ts'
import type { NotificationView } from '#shared/contract/values.ts'
import { findNotificationPage, markRead } from './notifications.repo.ts'

/** The user's notifications: the alerts that fired, newest first (issue 13 part 4); all, or the unread. */
export function notificationPage(params: {
  db: Database
  userId: string
  show: NotificationView
  limit: number
  offset: number
}): Promise<NotificationList> {
  return findNotificationPage(params.db, params.userId, params)
}

/** Some (`ids`) or all of the user's notifications read; answers how many are left unread. */
export async function markNotificationsRead(params: { db: Database; userId: string; ids?: number[] }) {
  return { unread: await markRead(params.db, params.userId, params.ids) }
}
