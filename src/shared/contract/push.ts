import { z } from 'zod'

/** A push service's endpoint as the browser gives it: an address of at most 2,000 characters. */
const endpointSchema = z
  .url({ protocol: /^https?$/, message: 'endpoint must be the push service address the browser gave' })
  .max(2000, { message: 'endpoint must be at most 2,000 characters' })

/**
 * PUT /api/me/push-subscriptions: what `PushSubscription.toJSON()` gives, the keys base64url without padding
 * (RFC 8291): the browser's uncompressed P-256 public key (65 bytes) and its auth secret (16 bytes).
 */
export const pushSubscriptionBodySchema = z
  .object({
    endpoint: endpointSchema,
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, {
          message: "keys.p256dh must be the browser's P-256 public key: 87 base64url characters",
        }),
        auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, {
          message: "keys.auth must be the browser's auth secret: 22 base64url characters",
        }),
      })
      .strict(),
  })
  .strict()
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>

/** DELETE /api/me/push-subscriptions: the browser that no longer wants them. */
export const pushEndpointBodySchema = z.object({ endpoint: endpointSchema }).strict()

/** GET /api/me/push?endpoint=: the browser asking, when it has a subscription, to know whether it is this user's. */
export const pushStatusQuerySchema = z.object({ endpoint: endpointSchema.optional() })

/**
 * GET /api/me/push (and the answer to a change): the key the browser subscribes with (VAPID, RFC 8292), how many
 * of the user's browsers get push notifications, and whether the browser asking (its endpoint) is one of them.
 */
export const pushStatusSchema = z.object({
  publicKey: z.string(),
  devices: z.number().int(),
  thisBrowser: z.boolean(),
})
export type PushStatus = z.infer<typeof pushStatusSchema>

/** POST /api/me/push/test: how many browsers the push services took the test notification for. */
export const testPushSentSchema = z.object({ devices: z.number().int() })
export type TestPushSent = z.infer<typeof testPushSentSchema>

/** What a push message carries to the service worker (public/push-sw.js shows it). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a click opens, within the app. */
  url: z.string().startsWith('/'),
  /** A newer notification with the same tag replaces the older one on the device. */
  tag: z.string(),
})
export type PushPayload = z.infer<typeof pushPayloadSchema>
