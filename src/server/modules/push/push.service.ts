import { createECDH, ECDH } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import webpush from 'web-push'
import type { Database } from '#server/db/client.ts'
import { sharedSecret } from '#server/db/shared-secret.ts'
import { badRequest, HttpError, notFound } from '#server/errors.ts'
import type { PushPayload, PushStatus, PushSubscriptionBody } from '#shared/contract/push.ts'
import { detail, headline, itemPath } from '../alerts/fired-alert-text.ts'
import {
  claimEvents,
  countDevices,
  deleteEndpoints,
  deleteSubscription,
  findDevices,
  type PushDevice,
  type PushEvent,
  releaseEvents,
  saveSubscription,
  settleUnpushable,
} from './push.repo.ts'

/**
 * Push notifications of fired alerts (ADR 053): the Web Push protocol (RFC 8030), each message encrypted to the
 * browser (RFC 8291) and signed with our VAPID key (RFC 8292) by the `web-push` library. Alert events wait in
 * `alert_events` with no `pushed_at`: the push outbox, beside the e-mail one. Each pass sends a user one
 * notification with their new events, to each of their browsers.
 */

/** How the app pushes: its VAPID keys and subject, and the push services it sends to (PUSH_SERVICES). */
export interface AppPush {
  vapid: { publicKey: string; privateKey: string; subject: string }
  services: readonly string[]
}

/** What push is configured with: VAPID_SUBJECT, PUSH_SERVICES and perhaps the VAPID key pair. */
export interface PushSettings {
  subject: string
  services: readonly string[]
  keys?: { publicKey: string; privateKey: string }
}

/**
 * The VAPID keys: the configured pair, else the one the first instance made and kept in the database (the
 * public key is the private key's point, so only the private key is kept).
 */
export async function loadAppPush(db: Database, settings: PushSettings): Promise<AppPush> {
  const privateKey =
    settings.keys?.privateKey ??
    (await sharedSecret(db, 'vapid_private_key', () => webpush.generateVAPIDKeys().privateKey))
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'))
  const publicKey = ecdh.getPublicKey().toString('base64url')
  if (settings.keys && settings.keys.publicKey !== publicKey)
    throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY')
  return { vapid: { publicKey, privateKey, subject: settings.subject }, services: settings.services }
}

/** Whether an endpoint is at one of the push services we send to (`*.` in a service allows its subdomains). */
export function isAllowedPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  return services.some((service) => {
    const [, scheme, wildcard, host, port = ''] =
      /^(https?):\/\/(\*\.)?([^:]+)(?::(\d+))?$/.exec(service) ?? []
    if (!host || url.protocol !== `${scheme}:` || url.port !== port || url.username || url.password)
      return false
    return wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host
  })
}

/** A notification not delivered within the hour is dropped by the push service: by then the price moved on. */
const TTL_SECONDS = 3600
/** An event not pushed within an hour of firing is settled without a notification, for the same reason. */
export const PUSH_STALE_AFTER_MS = TTL_SECONDS * 1000
const BATCH = 200
const SEND_TIMEOUT_MS = 10_000

/**
 * What a push service said: taken; the subscription is gone (404, 410; 401 and 403: it was made with another
 * key, so it never will take ours); try later (429, 5xx, no answer); or refused this message (other 4xx).
 */
type Delivery = 'sent' | 'gone' | 'retry' | 'refused'

export function deliveryOf(status: number): Delivery {
  if (status >= 200 && status < 300) return 'sent'
  if ([401, 403, 404, 410].includes(status)) return 'gone'
  if (status === 429 || status >= 500) return 'retry'
  return 'refused'
}

/** Sends one encrypted, signed message to one browser's push service. */
async function deliver(push: AppPush, device: PushDevice, payload: PushPayload, log: FastifyBaseLogger) {
  // A service taken off PUSH_SERVICES since the browser subscribed gets nothing more.
  if (!isAllowedPushService(device.endpoint, push.services)) return 'gone'
  let request: ReturnType<typeof webpush.generateRequestDetails>
  try {
    request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      { vapidDetails: push.vapid, TTL: TTL_SECONDS, urgency: 'normal' },
    )
  } catch (error) {
    // Nothing can ever be encrypted to these keys: the browser is forgotten, the others still get theirs.
    log.warn({ err: error }, 'push subscription keys unusable')
    return 'gone'
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  )
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    })
    await response.body?.cancel()
    const delivery = deliveryOf(response.status)
    if (delivery !== 'sent')
      log.warn(
        { status: response.status, service: new URL(device.endpoint).origin, delivery },
        'push not taken',
      )
    return delivery
  } catch (error) {
    log.warn({ err: error, service: new URL(device.endpoint).origin }, 'push service did not answer')
    return 'retry'
  }
}

/** Sends a payload to each of a user's browsers; forgets the gone ones. The deliveries, in their order. */
async function deliverToAll(
  db: Database,
  push: AppPush,
  devices: readonly PushDevice[],
  payload: PushPayload,
  log: FastifyBaseLogger,
): Promise<Delivery[]> {
  const deliveries = await Promise.all(devices.map((device) => deliver(push, device, payload, log)))
  await deleteEndpoints(
    db,
    devices.filter((_, index) => deliveries[index] === 'gone').map((device) => device.endpoint),
  )
  return deliveries
}

/**
 * One notification for a user's newly fired alerts: one alert says what fired and opens its item; several say
 * how many and the first three, and open the alerts centre. A newer one of the same alert, or of several,
 * replaces the older on the device (its tag).
 */
export function alertPush(events: readonly PushEvent[]): PushPayload {
  const [first] = events
  if (!first) throw new Error('A push notification needs at least one event')
  if (events.length === 1)
    return {
      title: headline(first),
      body: detail(first),
      url: itemPath(first),
      tag: `alert-${first.alertId}`,
    }
  const shown = events.slice(0, 3).map(headline)
  const more = events.length - shown.length
  return {
    title: `${events.length} price alerts fired`,
    body: [...shown, ...(more > 0 ? [`and ${more} more`] : [])].join('\n'),
    url: '/alerts',
    tag: 'price-alerts',
  }
}

/** What a pass did; `failed` counts events put back because no push service of their user took them. */
export interface PushOutcome {
  sent: number
  failed: number
  settled: number
  error?: unknown
}

/**
 * Settles what no push will tell of, then sends each user with a browser one notification for their new
 * events, batch after batch. Events whose every browser's service said "later" go back to the outbox (the
 * caller waits before the next pass); a user with one browser that took it and one that did not is done: a
 * second notification in the first would be a repeat.
 */
export async function sendPendingPushes({
  db,
  push,
  now,
  log,
}: {
  db: Database
  push: AppPush
  now: Date
  log: FastifyBaseLogger
}): Promise<PushOutcome> {
  const since = new Date(now.getTime() - PUSH_STALE_AFTER_MS)
  const outcome: PushOutcome = { sent: 0, failed: 0, settled: await settleUnpushable(db, since) }
  for (;;) {
    const events = await claimEvents(db, { since, limit: BATCH })
    if (events.length === 0) return outcome
    const devices = await findDevices(db, [...new Set(events.map((event) => event.userId))])
    const byUser = new Map<string, PushEvent[]>()
    for (const event of events) byUser.set(event.userId, [...(byUser.get(event.userId) ?? []), event])
    await Promise.all(
      [...byUser].map(async ([userId, userEvents]) => {
        const deliveries = await deliverToAll(
          db,
          push,
          devices.filter((device) => device.userId === userId),
          alertPush(userEvents),
          log,
        )
        if (deliveries.length > 0 && deliveries.every((delivery) => delivery === 'retry')) {
          await releaseEvents(
            db,
            userEvents.map((event) => event.id),
          )
          outcome.failed += userEvents.length
          outcome.error = new Error('no push service took the notification')
        } else outcome.sent += userEvents.length
      }),
    )
    if (outcome.error !== undefined || events.length < BATCH) return outcome
  }
}

/** What each of the signed-in user's calls works with. */
interface ForUser {
  db: Database
  push: AppPush
  userId: string
}

/**
 * The key a browser subscribes with, how many of the user's browsers get push notifications, and whether the
 * one at `endpoint` (the browser asking) is among them.
 */
export async function pushStatus({ db, push, userId, endpoint }: ForUser & { endpoint?: string }) {
  return {
    publicKey: push.vapid.publicKey,
    ...(await countDevices(db, userId, endpoint)),
  } satisfies PushStatus
}

export const NOT_A_KEY =
  "keys.p256dh is not a P-256 public key: send the browser's subscription as it gave it"

/** Whether the browser's key is a point on P-256: messages can be encrypted to it. */
function isCurvePoint(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1')
    return true
  } catch {
    return false
  }
}

export const NOT_A_PUSH_SERVICE =
  'This browser subscribed through a push service Brickfolio does not send to: try another browser.'

/**
 * Turns push notifications on in a browser (its subscription), for the user signed in there and as long as that
 * session lasts.
 */
export async function subscribe({
  db,
  push,
  userId,
  sessionSid,
  subscription,
}: ForUser & { sessionSid: string; subscription: PushSubscriptionBody }) {
  if (!isAllowedPushService(subscription.endpoint, push.services)) throw badRequest(NOT_A_PUSH_SERVICE)
  if (!isCurvePoint(subscription.keys.p256dh)) throw badRequest(NOT_A_KEY)
  await saveSubscription(db, { userId, sessionSid }, subscription)
  return pushStatus({ db, push, userId, endpoint: subscription.endpoint })
}

/** Turns them off in a browser; one that was not on for this user is a 404. */
export async function unsubscribe({ db, push, userId, endpoint }: ForUser & { endpoint: string }) {
  if (!(await deleteSubscription(db, userId, endpoint)))
    throw notFound('Push notifications are not on for this browser.')
  return pushStatus({ db, push, userId, endpoint })
}

export const NO_DEVICES = 'Push notifications are not on in any of your browsers: turn them on first.'
export const PUSH_FAILED =
  'No push service took the test notification: try again later, or turn push notifications off and on again.'

/** The profile's test notification, to each of the user's browsers; answers how many services took it. */
export async function sendTestPush({ db, push, userId, log }: ForUser & { log: FastifyBaseLogger }) {
  const devices = await findDevices(db, [userId])
  if (devices.length === 0) throw new HttpError(409, NO_DEVICES, 'NO_DEVICES')
  const deliveries = await deliverToAll(
    db,
    push,
    devices,
    {
      title: 'Brickfolio test notification',
      body: 'Your price alerts will reach this browser like this.',
      url: '/alerts',
      tag: 'test',
    },
    log,
  )
  const sent = deliveries.filter((delivery) => delivery === 'sent').length
  if (sent === 0) throw new HttpError(502, PUSH_FAILED, 'PUSH_FAILED')
  return { devices: sent }
}
