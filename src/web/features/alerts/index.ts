/**
 * The alerts feature's public face: the item page's Set Alert button (its dialog loads when first wanted), and
 * for the app shell the header's bell and the live notification stream.
 */
export { NotificationBell } from './components/notification-bell.tsx'
export { SetAlertButton } from './components/set-alert-button.tsx'
export { useNotificationEvents } from './use-notification-events.ts'
