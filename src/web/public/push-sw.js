// Brickfolio's service worker (ADR 053). It shows the push notifications of price alerts and opens the page a
// click on one asks for; it caches nothing and handles no fetch, so the app loads as it does without it.

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('push', (event) => {
  let message
  try {
    message = event.data?.json()
  } catch {
    return
  }
  if (!message || typeof message.title !== 'string') return
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/favicon.svg',
      data: { url: message.url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = event.notification.data?.url
  const url = new URL(
    typeof path === 'string' && /^\/(?!\/)/.test(path) ? path : '/alerts',
    self.location.origin,
  )
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((window) => window.url === url.href)
      return open ? open.focus() : self.clients.openWindow(url.href)
    }),
  )
})

// The browser renewed the subscription: tell the server the new one, as the profile's switch would.
self.addEventListener('pushsubscriptionchange', (event) => {
  const renewed = event.newSubscription
  if (!renewed) return
  event.waitUntil(
    fetch('/api/me/push-subscriptions', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(renewed.toJSON()),
    }).catch(() => undefined),
  )
})
