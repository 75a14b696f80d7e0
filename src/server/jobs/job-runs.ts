/** The periodic jobs and workers whose runs are counted (`brickfolio_job_runs_total{job}` at /metrics). */
export type JobName =
  | 'fx_refresh'
  | 'session_cleanup'
  | 'upload_cleanup'
  | 'market_feeds'
  | 'alert_mailer'
  | 'alert_pusher'
  | 'alert_resume'
  | 'price_recompute'
  | 'vacuum'

/** Where a job reports each of its runs: the metrics plugin counts them; without it nothing is kept. */
export interface JobRuns {
  record(job: JobName, run: { failed: boolean; seconds: number }): void
}

/**
 * Runs one pass of a job and reports it to `runs`: failed when the pass throws (the error goes on to the
 * caller, which logs it as before) or when `failed` says its outcome is a failure (a refresh that could not
 * reach its provider). The one way every job is counted.
 */
export async function reportRun<T>(
  runs: JobRuns | undefined,
  job: JobName,
  pass: () => Promise<T>,
  failed: (outcome: T) => boolean = () => false,
): Promise<T> {
  const started = performance.now()
  const seconds = () => (performance.now() - started) / 1000
  try {
    const outcome = await pass()
    runs?.record(job, { failed: failed(outcome), seconds: seconds() })
    return outcome
  } catch (error) {
    runs?.record(job, { failed: true, seconds: seconds() })
    throw error
  }
}

/**
 * Runs `pass` every `intervalMs` (and at once when `now`), one pass at a time: a tick that comes while a pass is
 * still under way (a long one, a slow provider) is skipped. `pass` handles its own failures. Returns a function
 * that stops the ticks and resolves when a pass under way has ended, so that the database closes after it.
 */
export function repeatEvery(
  intervalMs: number,
  pass: () => Promise<void>,
  { now }: { now: boolean },
): () => Promise<void> {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= pass().finally(() => {
      running = null
    })
  }
  if (now) run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
