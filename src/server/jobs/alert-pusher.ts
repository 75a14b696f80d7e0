import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import type { Listen } from '../db/listener.ts'
import { ALERT_EVENTS_CHANNEL } from '../modules/alerts/alerts.evaluate.repo.ts'
import { type AppPush, type PushOutcome, sendPendingPushes } from '../modules/push/push.service.ts'
import type { JobRuns } from './job-runs.ts'
import { type OutboxWorker, startOutboxWorker } from './outbox-worker.ts'

export interface AlertPusherOptions {
  db: Database
  /** `app.listenTo`: a committed alert event wakes the pusher at once. */
  listen: Listen
  push: AppPush
  log: FastifyBaseLogger
  pollMs?: number
  firstRetryMs?: number
  maxRetryMs?: number
  now?: () => Date
  runs?: JobRuns
}

export type AlertPusher = OutboxWorker<PushOutcome>

/**
 * The push outbox's worker (ADR 053), one per instance (`startOutboxWorker`): each pass settles what no push
 * will tell of and sends users with a browser to push to their new events. When no push service of a user's
 * took them, they wait and the next pass comes after a growing pause.
 */
export function startAlertPusher(options: AlertPusherOptions): Promise<AlertPusher> {
  const { db, push, log } = options
  const now = options.now ?? (() => new Date())
  return startOutboxWorker({
    listen: options.listen,
    channel: ALERT_EVENTS_CHANNEL,
    job: 'alert_pusher',
    runs: options.runs,
    log,
    pollMs: options.pollMs ?? 30_000,
    firstRetryMs: options.firstRetryMs ?? 30_000,
    maxRetryMs: options.maxRetryMs ?? 15 * 60_000,
    what: 'push notifications',
    errorOf: (outcome) => outcome.error,
    pass: async () => {
      const outcome = await sendPendingPushes({ db, push, now: now(), log })
      if (outcome.sent > 0) log.info({ events: outcome.sent }, 'alert push notifications sent')
      return outcome
    },
  })
}
