import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import { resumeAlertsPausedUntilNow } from '../modules/alerts/alerts.service.ts'
import { type JobRuns, repeatEvery, reportRun } from './job-runs.ts'

const MINUTE_MS = 60_000

/**
 * Resumes the alerts paused until a time once it has come (a snooze), now and then every minute: an alert
 * resumes within a minute of its time. Returns a function that stops it once a pass under way has ended.
 */
export function startAlertResume({
  db,
  log,
  intervalMs = MINUTE_MS,
  runs,
}: {
  db: Database
  log: FastifyBaseLogger
  intervalMs?: number
  runs?: JobRuns
}): () => Promise<void> {
  const pass = () =>
    reportRun(runs, 'alert_resume', () => resumeAlertsPausedUntilNow({ db }))
      .then((resumed) => {
        if (resumed > 0) log.info({ resumed }, 'paused alerts resumed at their time')
      })
      .catch((error: unknown) => log.warn({ err: error }, 'paused alerts not resumed; trying again later'))
  return repeatEvery(intervalMs, pass, { now: true })
}
