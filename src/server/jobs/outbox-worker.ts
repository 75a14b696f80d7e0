import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import type { Listen } from '../db/listener.ts'
import { type JobName, type JobRuns, reportRun } from './job-runs.ts'

/** What every alert-event outbox job (the mailer, the pusher) is started with, besides its own parts. */
export interface OutboxJobOptions {
  db: Database
  /** `app.listenTo`: a committed alert event wakes the job at once. */
  listen: Listen
  log: FastifyBaseLogger
  /** Also looks every so often (30 s): a notification is lost while the listening connection is down. */
  pollMs?: number
  /** After a failed pass, the first wait before trying again (30 s); it doubles up to `maxRetryMs` (15 min). */
  firstRetryMs?: number
  maxRetryMs?: number
  /** The clock a pass reads (tests move it on). */
  now?: () => Date
  /** Where each pass is reported (metrics). */
  runs?: JobRuns
}

export interface OutboxWorkerOptions<Outcome>
  extends Pick<OutboxJobOptions, 'listen' | 'log' | 'pollMs' | 'firstRetryMs' | 'maxRetryMs' | 'runs'> {
  /** The channel whose NOTIFY wakes the worker. */
  channel: string
  /** The name its runs are counted under (metrics). */
  job: JobName
  /** One pass over the outbox. */
  pass: () => Promise<Outcome>
  /** Why a pass that ran did not deliver (a server that refused), or undefined: the next pass waits then. */
  errorOf: (outcome: Outcome) => unknown
  /** What the log says went undelivered: "alert e-mails". */
  what: string
}

export interface OutboxWorker<Outcome> {
  /** Runs a pass now (after the one under way, if any), even while backing off; resolves with what it did. */
  runNow(): Promise<Outcome>
  stop(): Promise<void>
}

/**
 * A worker over an outbox of alert events, one per instance (ADR 015): it wakes when an event commits (LISTEN)
 * and every `pollMs`, and runs one pass at a time. A pass that could not deliver, or that lost the database,
 * never ends the process: what it did not deliver waits, and the next attempt comes after a growing pause.
 */
export async function startOutboxWorker<Outcome>(
  options: OutboxWorkerOptions<Outcome>,
): Promise<OutboxWorker<Outcome>> {
  const { log, firstRetryMs = 30_000, maxRetryMs = 15 * 60_000 } = options
  let retryMs = firstRetryMs
  let pausedUntil = 0
  let stopped = false
  let running: Promise<Outcome | undefined> = Promise.resolve(undefined)
  let queued = false

  let retryTimer: NodeJS.Timeout | undefined
  const backOff = (error: unknown, why: string) => {
    pausedUntil = Date.now() + retryMs
    log.warn(
      { err: error, retryInMs: retryMs },
      `${options.what} not sent (${why}); they wait and are tried again`,
    )
    clearTimeout(retryTimer)
    retryTimer = setTimeout(() => {
      pausedUntil = 0
      wake()
    }, retryMs)
    retryTimer.unref()
    retryMs = Math.min(retryMs * 2, maxRetryMs)
  }

  const pass = (): Promise<Outcome> =>
    reportRun(
      options.runs,
      options.job,
      async () => {
        const outcome = await options.pass()
        const error = options.errorOf(outcome)
        if (error === undefined) {
          retryMs = firstRetryMs
          pausedUntil = 0
        } else backOff(error, 'not taken')
        return outcome
      },
      (outcome) => options.errorOf(outcome) !== undefined,
    )

  const safePass = async (): Promise<Outcome | undefined> => {
    try {
      return await pass()
    } catch (error) {
      // The database went away mid-pass: claimed events not yet sent stay claimed (ADR 015), the rest waits.
      backOff(error, 'database')
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

  const unlisten = await options.listen(options.channel, wake, wake)
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
