import type { PushStatus } from '#shared/contract/push.ts'
import { ApiError, apiRequest } from '#web/lib/api.ts'

/**
 * This browser's side of push notifications (ADR 053): the service worker that shows them (public/push-sw.js),
 * and the browser's subscription at its push service, made with the server's VAPID key.
 */

const WORKER = '/push-sw.js'

/** Whether this browser can get push notifications here, and whether the user blocked them for the site. */
export type PushSupport = 'unsupported' | 'blocked' | 'ready'

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window))
    return 'unsupported'
  return Notification.permission === 'denied' ? 'blocked' : 'ready'
}

/** The user did not allow notifications when the browser asked. */
export class NotificationsBlockedError extends Error {}

/** This browser's subscription, if it has one (no worker is registered to find out). */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null
  const registration = await navigator.serviceWorker.getRegistration('/')
  return (await registration?.pushManager.getSubscription()) ?? null
}

const bytesOf = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  a !== null &&
  a !== undefined &&
  a.byteLength === b.length &&
  new Uint8Array(a).every((byte, i) => byte === b[i])

/**
 * Asks for permission (the browser's own prompt), registers the worker and subscribes with the server's key; a
 * subscription made with another key (the server's keys changed) is replaced. What to send the server.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  if ((await Notification.requestPermission()) !== 'granted') throw new NotificationsBlockedError()
  await navigator.serviceWorker.register(WORKER)
  const registration = await navigator.serviceWorker.ready
  const key = bytesOf(publicKey)
  const existing = await registration.pushManager.getSubscription()
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing.toJSON()
  await existing?.unsubscribe()
  const made = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  return made.toJSON()
}

/**
 * Ends this browser's subscription, and the server's record of it for the signed-in user (404 when the server
 * had already forgotten it: the session it was turned on in ended). What the server says is left.
 */
export async function unsubscribeBrowser(): Promise<PushStatus | undefined> {
  const subscription = await browserSubscription()
  if (!subscription) return undefined
  const { endpoint } = subscription
  await subscription.unsubscribe()
  return apiRequest<PushStatus>('DELETE', '/api/me/push-subscriptions', { body: { endpoint } }).catch(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return undefined
      throw error
    },
  )
}
