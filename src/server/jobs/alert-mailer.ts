import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import type { Listen } from '../db/listener.ts'
import { ALERT_EVENTS_CHANNEL } from '../modules/alerts/alerts.evaluate.repo.ts'
import type { MailLinks } from '../modules/mail/alert-mail.compose.ts'
import {
  type MailOutcome,
  sendAlertDigests,
  sendImmediateAlertMail,
  settleUnsendableAlertMail,
} from '../modules/mail/alert-mail.service.ts'
import type { MailTransport } from '../modules/mail/mail.transport.ts'
import type { JobRuns } from './job-runs.ts'
import { type OutboxWorker, startOutboxWorker } from './outbox-worker.ts'

export interface AlertMailerOptions {
  db: Database
  /** `app.listenTo`: a committed alert event wakes the mailer at once. */
  listen: Listen
  transport: MailTransport
  links: MailLinks
  digestHourUtc: number
  log: FastifyBaseLogger
  /** Also looks every so often: a notification is lost while the listening connection is down. */
  pollMs?: number
  /** After a failed send, the first wait before trying again; it doubles up to `maxRetryMs`. */
  firstRetryMs?: number
  maxRetryMs?: number
  /** The clock the digest time is read from (tests move it to the next day). */
  now?: () => Date
  /** Where each pass is reported (metrics). */
  runs?: JobRuns
}

export type AlertMailer = OutboxWorker<PassOutcome>

export interface PassOutcome {
  immediate: MailOutcome
  digest: MailOutcome
  settled: number
}

/**
 * The alert e-mail outbox's worker (ADR 015), one per instance (`startOutboxWorker`): each pass settles what will
 * never be sent, sends 'immediate' and 'hourly' users their new events and, once the digest hour has passed, the
 * daily digests. A mail server that refuses makes the next pass wait, growing each time.
 */
export async function startAlertMailer(options: AlertMailerOptions): Promise<AlertMailer> {
  const { db, transport, links, log } = options
  const now = options.now ?? (() => new Date())
  return startOutboxWorker({
    listen: options.listen,
    channel: ALERT_EVENTS_CHANNEL,
    job: 'alert_mailer',
    runs: options.runs,
    log,
    pollMs: options.pollMs ?? 30_000,
    firstRetryMs: options.firstRetryMs ?? 30_000,
    maxRetryMs: options.maxRetryMs ?? 15 * 60_000,
    what: 'alert e-mails',
    errorOf: (outcome) => outcome.immediate.error ?? outcome.digest.error,
    pass: async () => {
      const at = now()
      const settled = await settleUnsendableAlertMail({ db, now: at })
      const immediate = await sendImmediateAlertMail({ db, transport, links, now: at })
      const digest =
        immediate.error === undefined
          ? await sendAlertDigests({ db, transport, links, now: at, digestHourUtc: options.digestHourUtc })
          : { sent: 0, failed: 0 }
      if (immediate.sent + digest.sent > 0)
        log.info({ immediate: immediate.sent, digest: digest.sent }, 'alert e-mails sent')
      return { immediate, digest, settled }
    },
  })
}
