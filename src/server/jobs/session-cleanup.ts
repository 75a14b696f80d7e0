import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import { deleteEndedAttempts } from '../modules/auth/attempts.repo.ts'
import { deleteExpiredSessions } from '../modules/auth/sessions.repo.ts'
import { SESSION_LIFETIME } from '../modules/auth/sessions.service.ts'
import { type JobRuns, reportRun } from './job-runs.ts'

const SIX_HOURS_MS = 6 * 60 * 60 * 1000

/**
 * Deletes expired sessions (past either end) and sign-in attempts whose window has ended, now and every six
 * hours (an expired row is already ignored; this keeps the tables small).
 */
export function startSessionCleanup({
  db,
  log,
  runs,
}: {
  db: Database
  log: FastifyBaseLogger
  runs?: JobRuns
}): () => void {
  const run = () =>
    reportRun(runs, 'session_cleanup', async () => {
      await deleteExpiredSessions(db, SESSION_LIFETIME)
      await deleteEndedAttempts(db)
    }).catch((error: unknown) => log.warn({ err: error }, 'expired sessions not cleaned up'))
  void run()
  const timer = setInterval(() => void run(), SIX_HOURS_MS)
  timer.unref()
  return () => clearInterval(timer)
}
