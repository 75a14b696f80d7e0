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
import { type JobRuns, reportRun } from './job-runs.ts'

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

export interface AlertMailer {
  /** Runs a pass now (after the one under way, if any), even while backing off; resolves with what it did. */
  runNow(): Promise<PassOutcome>
  stop(): Promise<void>
}

export interface PassOutcome {
  immediate: MailOutcome
  digest: MailOutcome
  settled: number
}

/**
 * The alert e-mail outbox's worker (ADR 015), one per instance: it wakes when an alert event commits (LISTEN)
 * and every `pollMs`, settles what will never be sent, sends 'immediate' users their new events and, once the
 * digest hour has passed, the daily digests. Passes run one at a time; a failure (mail server or database)
 * never ends the process: the events wait and the next attempt comes after a growing pause.
 */
export async function startAlertMailer(options: AlertMailerOptions): Promise<AlertMailer> {
  const { db, transport, links, log } = options
  const now = options.now ?? (() => new Date())
  const firstRetryMs = options.firstRetryMs ?? 30_000
  const maxRetryMs = options.maxRetryMs ?? 15 * 60_000
  let retryMs = firstRetryMs
  let pausedUntil = 0
  let stopped = false
  let running: Promise<PassOutcome | undefined> = Promise.resolve(undefined)
  let queued = false

  const sendAndSettle = async (): Promise<PassOutcome> => {
    const at = now()
    const settled = await settleUnsendableAlertMail({ db, now: at })
    const immediate = await sendImmediateAlertMail({ db, transport, links, now: at })
    const digest =
      immediate.error === undefined
        ? await sendAlertDigests({ db, transport, links, now: at, digestHourUtc: options.digestHourUtc })
        : { sent: 0, failed: 0 }
    const error = immediate.error ?? digest.error
    if (error === undefined) {
      retryMs = firstRetryMs
      pausedUntil = 0
    } else backOff(error, 'the mail server did not take alert e-mails')
    if (immediate.sent + digest.sent > 0)
      log.info({ immediate: immediate.sent, digest: digest.sent }, 'alert e-mails sent')
    return { immediate, digest, settled }
  }

  const pass = (): Promise<PassOutcome> =>
    reportRun(
      options.runs,
      'alert_mailer',
      sendAndSettle,
      (outcome) => (outcome.immediate.error ?? outcome.digest.error) !== undefined,
    )

  let retryTimer: NodeJS.Timeout | undefined
  const backOff = (error: unknown, what: string) => {
    pausedUntil = Date.now() + retryMs
    log.warn({ err: error, retryInMs: retryMs }, `${what}; they wait and are tried again`)
    clearTimeout(retryTimer)
    retryTimer = setTimeout(() => {
      pausedUntil = 0
      wake()
    }, retryMs)
    retryTimer.unref()
    retryMs = Math.min(retryMs * 2, maxRetryMs)
  }

  const safePass = async (): Promise<PassOutcome | undefined> => {
    try {
      return await pass()
    } catch (error) {
      // The database went away mid-pass: claimed events not yet sent stay claimed (ADR 015), the rest waits.
      backOff(error, 'alert e-mails not sent (database)')
      return undefined
    }
  }

  /** A wake-up during a pass asks for one more after it; several coalesce into one. */
  const wake = () => {
    if (stopped || queued || Date.now() < pausedUntil) return
    queued = true
    running = running.then(() => {
      queued = false
      return stopped ? undefined : safePass()
    })
  }

  const unlisten = await options.listen(ALERT_EVENTS_CHANNEL, wake, wake)
  const timer = setInterval(wake, options.pollMs ?? 30_000)
  timer.unref()
  wake()

  return {
    async runNow() {
      const next = running.then(() => pass())
      running = next.catch(() => undefined)
      return next
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      clearTimeout(retryTimer)
      await unlisten()
      await running
    },
  }
}
