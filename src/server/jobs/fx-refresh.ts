import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import { refreshRates } from '../modules/fx/fx.service.ts'
import { type JobRuns, reportRun } from './job-runs.ts'

/** Refreshes exchange rates now and then every `intervalMs`; returns a function that stops it. */
export function startFxRefresh({
  db,
  url,
  intervalMs,
  log,
  runs,
}: {
  db: Database
  url: string
  intervalMs: number
  log: FastifyBaseLogger
  runs?: JobRuns
}): () => void {
  const run = async () => {
    // Half the interval: instances that start at different times still refresh about hourly overall.
    const outcome = await reportRun(
      runs,
      'fx_refresh',
      () => refreshRates({ db, url, minAgeMs: intervalMs / 2 }),
      (done) => done.status === 'failed',
    )
    if (outcome.status === 'failed')
      log.warn(`Exchange rates not refreshed (${outcome.reason}); keeping the last known rates`)
    else log.debug({ outcome }, 'exchange rates refresh')
  }
  void run()
  const timer = setInterval(() => void run(), intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
