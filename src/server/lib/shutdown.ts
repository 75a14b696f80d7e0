import type { FastifyBaseLogger } from 'fastify'

export interface ShutdownOptions {
  log: FastifyBaseLogger
  /** Stops everything in order: the server (draining it), the workers and jobs, then the database. */
  stop: () => Promise<void>
  /** After this long the process exits anyway, saying so (DESIGN §8: 10 s). */
  timeoutMs?: number
  /**
   * A signal this soon after the first is the same request to stop, not a second one: one Ctrl+C reaches the
   * server from the terminal and again through npm or tsx, which pass it on.
   */
  sameSignalWithinMs?: number
  exit?: (code: number) => void
  /** Where the signals come from (tests pass an emitter of their own). */
  signals?: Pick<NodeJS.EventEmitter, 'on'>
}

/**
 * SIGTERM and SIGINT stop the server cleanly: `stop` runs and the process exits 0 when it has finished, or 1
 * after `timeoutMs` with a line saying what happened. A second signal (at least `sameSignalWithinMs` after the
 * first) exits at once.
 */
export function stopOnSignals({
  log,
  stop,
  timeoutMs = 10_000,
  sameSignalWithinMs = 1000,
  exit = (code) => process.exit(code),
  signals = process,
}: ShutdownOptions): void {
  let firstAt: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== undefined) {
      if (Date.now() - firstAt < sameSignalWithinMs) return
      log.warn(`${signal} again: exiting now, without waiting for the shutdown to finish.`)
      exit(1)
      return
    }
    firstAt = Date.now()
    log.info(
      `${signal}: shutting down. New connections are refused; requests in progress finish (${timeoutMs / 1000} s at most, or send the signal again to exit now).`,
    )
    const deadline = setTimeout(() => {
      log.error(`The shutdown did not finish within ${timeoutMs / 1000} s; exiting now.`)
      exit(1)
    }, timeoutMs)
    stop().then(
      () => {
        clearTimeout(deadline)
        log.info('Stopped.')
        exit(0)
      },
      (error: unknown) => {
        clearTimeout(deadline)
        log.error({ err: error }, 'The shutdown failed; exiting now.')
        exit(1)
      },
    )
  }
  signals.on('SIGTERM', onSignal)
  signals.on('SIGINT', onSignal)
}
