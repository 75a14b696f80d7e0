import type { ServerResponse } from 'node:http'
import { HttpError } from '#server/errors.ts'
import { errors, file } from '#server/lib/responses.ts'
import { signedInRoutes } from '#server/plugins/signed-in.ts'
import {
  ALERTS_EVENT,
  NOTIFICATION_EVENT,
  type Notification,
  notificationSchema,
  PRICES_EVENT,
  type PricesEvent,
} from '#shared/contract/alerts.ts'
import { NotificationStreams, STREAMS_PER_USER } from './notification-streams.ts'
import { PRICES_EVENT_MS } from './watched-prices.ts'

/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
const HEARTBEAT_MS = 25_000
/** How long the browser waits before reconnecting after the stream drops. */
const RETRY_MS = 5_000

/** The Last-Event-ID a reconnecting EventSource sends: a notification id, or nothing usable. */
function lastEventId(header: string | string[] | undefined): number | null {
  const text = Array.isArray(header) ? header[0] : header
  if (!text || !/^\d{1,15}$/.test(text.trim())) return null
  return Number(text.trim())
}

const eventText = (notification: Notification) =>
  `id: ${notification.id}\nevent: ${NOTIFICATION_EVENT}\ndata: ${JSON.stringify(notification)}\n\n`
// No id: the browser keeps the last notification's as its Last-Event-ID.
const pricesText = (prices: PricesEvent) => `event: ${PRICES_EVENT}\ndata: ${JSON.stringify(prices)}\n\n`
// An event without data is never dispatched by the browser.
const alertsChangedText = `event: ${ALERTS_EVENT}\ndata: {}\n\n`

/**
 * GET /api/me/events (issue 13 part 4): the signed-in user's new notifications, live, as Server-Sent Events.
 * The reply is hijacked and written raw: no hook after the handler may buffer or serialise it (helmet's
 * headers, set on the raw response when the request began, stay).
 */
export const alertsStreamRoutes = signedInRoutes(async (app) => {
  const streams = new NotificationStreams({
    db: app.db,
    listen: app.listenTo,
    onError: (error) => app.log.error({ err: error }, 'notification stream read failed'),
  })
  // Before the server closes: an open stream would keep its connection, and so the server, from closing.
  app.addHook('preClose', async () => streams.close())

  app.get(
    '/me/events',
    {
      schema: {
        tags: ['Alerts'],
        summary:
          'Your new notifications, live (Server-Sent Events): each as `event: notification` with its id; send ' +
          'Last-Event-ID to get what was missed. `event: prices` names items you have alerts on whose fair ' +
          `prices were just recomputed (at most every ${PRICES_EVENT_MS / 1000} seconds); \`event: ${ALERTS_EVENT}\` ` +
          'says your alerts were created, changed, resumed or deleted (in another tab, say)',
        response: {
          200: file(
            `A text/event-stream whose \`${NOTIFICATION_EVENT}\` events carry one notification each`,
            'text/event-stream',
            notificationSchema,
          ),
          ...errors({
            429: `You have ${STREAMS_PER_USER} streams open already; close one (TOO_MANY_STREAMS).`,
          }),
        },
      },
    },
    async (request, reply) => {
      const user = request.signedInUser()
      // Nothing is awaited from here to `streams.open`, which counts the stream at once: another request's check
      // cannot come in between.
      if (!streams.hasRoomFor(user.id)) {
        throw new HttpError(
          429,
          `At most ${STREAMS_PER_USER} live notification streams at once; close a tab and try again.`,
          'TOO_MANY_STREAMS',
        )
      }
      reply.hijack()
      const raw: ServerResponse = reply.raw
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx: pass each event on at once.
        'x-accel-buffering': 'no',
      })
      raw.write(`retry: ${RETRY_MS}\n\n`)
      raw.socket?.setNoDelay(true)

      let close: (() => void) | null = null
      let ended = false
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS)
      const finish = () => {
        if (ended) return
        ended = true
        clearInterval(heartbeat)
        close?.()
      }
      raw.on('close', finish)
      try {
        close = await streams.open(
          user.id,
          {
            send: (notification) => {
              if (!raw.writableEnded) raw.write(eventText(notification))
            },
            sendPrices: (itemIds) => {
              if (!raw.writableEnded) raw.write(pricesText({ itemIds }))
            },
            sendAlertsChanged: () => {
              if (!raw.writableEnded) raw.write(alertsChangedText)
            },
            end: () => {
              finish()
              raw.end()
            },
          },
          lastEventId(request.headers['last-event-id']),
        )
      } catch (error) {
        request.log.error({ err: error }, 'notification stream could not start')
        finish()
        raw.end()
        return
      }
      // Closed while it was opening: let it go at once.
      if (ended) close()
    },
  )
})
