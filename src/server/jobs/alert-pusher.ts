import { ALERT_EVENTS_CHANNEL } from '../modules/alerts/alerts.evaluate.repo.ts'
import { type AppPush, type PushOutcome, sendPendingPushes } from '../modules/push/push.service.ts'
import { type OutboxJobOptions, type OutboxWorker, startOutboxWorker } from './outbox-worker.ts'

export interface AlertPusherOptions extends OutboxJobOptions {
  push: AppPush
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
    ...options,
    channel: ALERT_EVENTS_CHANNEL,
    job: 'alert_pusher',
    what: 'push notifications',
    errorOf: (outcome) => outcome.error,
    pass: async () => {
      const outcome = await sendPendingPushes({ db, push, now: now(), log })
      if (outcome.sent > 0) log.info({ events: outcome.sent }, 'alert push notifications sent')
      return outcome
    },
  })
}
