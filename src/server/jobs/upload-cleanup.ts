import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import type { ObjectStorage } from '../modules/objects/object-storage.ts'
import { removeUnusedUploads } from '../modules/objects/objects.service.ts'
import { type JobRuns, repeatEvery, reportRun } from './job-runs.ts'

const HOUR_MS = 60 * 60 * 1000

/**
 * Removes uploads no post uses once they are a day old (DESIGN §6), now and then every hour, each run under
 * the job's advisory lock; returns a function that stops it and resolves when a run under way has ended.
 */
export function startUploadCleanup({
  db,
  storage,
  log,
  intervalMs = HOUR_MS,
  runs,
}: {
  db: Database
  storage: ObjectStorage
  log: FastifyBaseLogger
  intervalMs?: number
  runs?: JobRuns
}): () => Promise<void> {
  const pass = () =>
    reportRun(runs, 'upload_cleanup', () => removeUnusedUploads({ db, storage, log }))
      .then((outcome) => {
        if (outcome.status === 'ran' && outcome.removed > 0) log.info({ outcome }, 'unused uploads removed')
        else log.debug({ outcome }, 'upload cleanup')
      })
      .catch((error: unknown) => log.warn({ err: error }, 'unused uploads not removed; trying again later'))
  return repeatEvery(intervalMs, pass, { now: true })
}
