/**
 * The alerts feature's public face: the item page's Set Alert button (its dialog loads when first wanted), for
 * the app shell the header's bell and the live notification stream, and for screens that set alerts of their
 * own (the wanted list's) the spec's toast words and the refresh of the alert list.
 */
export { ALERT_CREATED_TEXTS } from './alert-created-texts.ts'
export { NotificationBell } from './components/notification-bell.tsx'
export { SetAlertButton } from './components/set-alert-button.tsx'
export { invalidateAlerts } from './queries.ts'
export { useNotificationEvents } from './use-notification-events.ts'
