import { ALERT_EVENTS_CHANNEL } from '../modules/alerts/alerts.evaluate.repo.ts'
import type { MailLinks } from '../modules/mail/alert-mail.compose.ts'
import {
  type MailOutcome,
  sendAlertDigests,
  sendImmediateAlertMail,
  settleUnsendableAlertMail,
} from '../modules/mail/alert-mail.service.ts'
import type { MailTransport } from '../modules/mail/mail.transport.ts'
import { type OutboxJobOptions, type OutboxWorker, startOutboxWorker } from './outbox-worker.ts'

export interface AlertMailerOptions extends OutboxJobOptions {
  transport: MailTransport
  links: MailLinks
  digestHourUtc: number
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
    ...options,
    channel: ALERT_EVENTS_CHANNEL,
    job: 'alert_mailer',
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
