import type { QueryClient } from '@tanstack/react-query'
import type { Notification } from '#shared/contract/alerts.ts'
import { NOTIFICATION_EVENT } from '#shared/contract/values.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { invalidateNotifications } from './notification-queries.ts'
import { triggeredToast } from './notification-text.ts'

export const EVENTS_PATH = '/api/me/events'

/**
 * Opens the live stream of the signed-in user's notifications: each alert that fires refreshes the bell and
 * the centre and shows a toast. The browser reconnects by itself after a drop, sending the last event's id,
 * and the server sends what was missed. Returns the function that closes it.
 */
export function openNotificationStream(queryClient: QueryClient): () => void {
  const source = new EventSource(EVENTS_PATH)
  const onNotification = (event: MessageEvent<string>) => {
    let notification: Notification
    try {
      notification = JSON.parse(event.data) as Notification
    } catch {
      return
    }
    void invalidateNotifications(queryClient)
    toast(triggeredToast(notification))
  }
  source.addEventListener(NOTIFICATION_EVENT, onNotification)
  return () => {
    source.removeEventListener(NOTIFICATION_EVENT, onNotification)
    source.close()
  }
}
