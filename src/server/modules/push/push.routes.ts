import rateLimit from '@fastify/rate-limit'
import { HttpError } from '#server/errors.ts'
import { errors, json } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import {
  pushEndpointBodySchema,
  pushStatusQuerySchema,
  pushStatusSchema,
  pushSubscriptionBodySchema,
  testPushSentSchema,
} from '#shared/contract/push.ts'
import { sharedRateLimitStore } from '../auth/attempt-limiter.ts'
import {
  type AppPush,
  NO_DEVICES,
  NOT_A_PUSH_SERVICE,
  PUSH_FAILED,
  pushStatus,
  sendTestPush,
  subscribe,
  unsubscribe,
} from './push.service.ts'

const tags = ['Profile']
export const TEST_PUSH_WAIT =
  'A test notification went out less than a minute ago: look for it, or try again soon.'
const badSubscription = `Not a browser's push subscription: the reason is in the message (BAD_REQUEST), or: ${NOT_A_PUSH_SERVICE}`

/**
 * Push notifications of fired alerts (ADR 053), per browser: the key to subscribe with, turning them on and off
 * in a browser, and a test notification to the user's browsers, at most one a minute (counted in the database,
 * so across instances).
 */
export const pushRoutes = signedInRoutes<{ push: AppPush }>(async (app, { push }) => {
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(app.db),
    errorResponseBuilder: () => new HttpError(429, TEST_PUSH_WAIT, 'RATE_LIMITED'),
  })

  app.get(
    '/me/push',
    {
      schema: {
        tags,
        summary:
          'The key browsers subscribe to push notifications with, how many of yours get them, and whether the browser at `endpoint` does',
        querystring: pushStatusQuerySchema,
        response: { 200: json('Push notification status', pushStatusSchema) },
      },
    },
    async (request) =>
      pushStatus({ db: app.db, push, userId: request.signedInUser().id, endpoint: request.query.endpoint }),
  )

  app.put(
    '/me/push-subscriptions',
    {
      schema: {
        tags,
        summary:
          'Turn push notifications on in this browser (its PushSubscription) while this session lasts; a browser of another account becomes yours',
        body: pushSubscriptionBodySchema,
        response: {
          200: json('Push notification status', pushStatusSchema),
          ...errors({ 400: badSubscription }),
        },
      },
    },
    async (request) =>
      subscribe({
        db: app.db,
        push,
        userId: request.signedInUser().id,
        // Set for every signed-in request: the session is how the user is known.
        sessionSid: request.sessionId as string,
        subscription: request.body,
      }),
  )

  app.delete(
    '/me/push-subscriptions',
    {
      schema: {
        tags,
        summary: 'Turn push notifications off in this browser',
        body: pushEndpointBodySchema,
        response: {
          200: json('Push notification status', pushStatusSchema),
          ...errors({ 404: 'Push notifications are not on for this browser (NOT_FOUND).' }),
        },
      },
    },
    async (request) =>
      unsubscribe({ db: app.db, push, userId: request.signedInUser().id, endpoint: request.body.endpoint }),
  )

  app.post(
    '/me/push/test',
    {
      config: {
        rateLimit: {
          max: 1,
          timeWindow: 60_000,
          // Per user; the signed-in check answers 401 before any of this counts a request without one.
          keyGenerator: (request) => `push:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary:
          'Send a test notification to each of your browsers with push notifications on (one a minute)',
        response: {
          200: json('How many browsers’ push services took it', testPushSentSchema),
          ...errors({
            409: `${NO_DEVICES} (NO_DEVICES)`,
            429: `${TEST_PUSH_WAIT} (RATE_LIMITED)`,
            502: `${PUSH_FAILED} (PUSH_FAILED)`,
          }),
        },
      },
    },
    async (request) =>
      sendTestPush({ db: app.db, push, userId: request.signedInUser().id, log: request.log }),
  )
})
