import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '#server/db/client.ts'
import type { Listen } from '#server/db/listener.ts'
import { PRICE_RECOMPUTE_CHANNEL } from '../modules/market/market.channels.ts'
import { keptSales } from '../modules/market/market.kept-sales.ts'
import {
  pendingRecomputes,
  type RecomputePass,
  recomputeQueuedPrices,
  wakeRecomputeWorkers,
} from '../modules/market/market.recompute.ts'
import { type JobRuns, reportRun } from './job-runs.ts'

/** Other instances are told of new changes at most this often (they also poll). */
const ANNOUNCE_EVERY_MS = 100
/**
 * A busy worker starts its passes at least this far apart, so that the changes of many sales coalesce: a pass
 * costs per item it recomputes, not per sale, and back-to-back passes of a few sales each would take the CPU
 * the sales themselves need. An idle worker starts at once; commit to snapshot stays well within 1 s.
 */
const MIN_PASS_INTERVAL_MS = 250

export interface PriceRecomputeOptions {
  db: Database
  listen: Listen
  log: FastifyBaseLogger
  /** How often the queue is looked at when nothing wakes the worker (a lost notification, PGlite's own). */
  pollMs?: number
  /** Queue rows one pass takes. */
  batchSize?: number
  /** Hears each pass that recomputed something (the bench measures freshness with it). */
  onPass?: (pass: RecomputePass) => void
  /** Where every pass is reported (metrics); also set later with `reportRunsTo`. */
  runs?: JobRuns
}

/**
 * This instance's price recompute worker (DESIGN §5): woken by NOTIFY on each queued change and polling as
 * well, it runs passes until the queue has nothing it can take. Started with the app, it first drains what a
 * stopped or crashed process left queued. Every instance runs one; SKIP LOCKED shares the work out.
 */
export class PriceRecomputeWorker {
  private running: Promise<void> | undefined
  private stopping = false
  private wakeUp: (() => void) | undefined
  private woken = false
  private unlisten: (() => Promise<void>) | undefined

  private runs: JobRuns | undefined
  /** The sales of the pairs this worker recomputed, for its next passes (ADR 030). */
  private readonly kept = keptSales()

  constructor(private readonly options: PriceRecomputeOptions) {
    this.runs = options.runs
  }

  /** Reports every pass from now on to `runs`: the app builds its worker before its metrics plugin. */
  reportRunsTo(runs: JobRuns): void {
    this.runs = runs
  }

  async start(): Promise<void> {
    if (this.running) return
    this.stopping = false
    this.running = this.loop()
    try {
      this.unlisten = await this.options.listen(
        PRICE_RECOMPUTE_CHANNEL,
        () => this.wake(),
        () => this.wake(),
      )
    } catch (error) {
      // The database is unreachable now: polling finds the work once it is back.
      this.options.log.warn({ err: error }, 'price recompute: not listening for changes; polling only')
    }
  }

  /** A change was queued: look now rather than at the next poll. */
  wake(): void {
    this.woken = true
    this.wakeUp?.()
  }

  private announcing: NodeJS.Timeout | undefined

  /**
   * Changes were queued and committed here: this worker looks at once, and the others are told by one NOTIFY
   * per 100 ms however many sales commit meanwhile.
   */
  changed(): void {
    this.wake()
    if (this.announcing) return
    this.announcing = setTimeout(() => {
      this.announcing = undefined
      wakeRecomputeWorkers({ db: this.options.db }).catch(() => {
        // The database is unreachable: the workers poll.
      })
    }, ANNOUNCE_EVERY_MS)
    this.announcing.unref()
  }

  async stop(): Promise<void> {
    this.stopping = true
    clearTimeout(this.announcing)
    this.announcing = undefined
    await this.unlisten?.().catch(() => {})
    this.unlisten = undefined
    this.wake()
    await this.running
    this.running = undefined
  }

  /**
   * Runs passes here until no change is queued (waiting out rows another worker holds), so that what was
   * committed before the call has reached prices and alerts. Fails on a pair that cannot be recomputed.
   */
  async drain({ timeoutMs = 30_000 }: { timeoutMs?: number } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const pass = await this.pass()
      if (pass.batchError !== undefined) throw pass.batchError
      if (pass.failed.length > 0) throw pass.failed[0]?.error
      if (pass.recomputed > 0) continue
      if ((await pendingRecomputes({ db: this.options.db })) === 0) return
      if (Date.now() > deadline) throw new Error('Price recompute queue not drained in time')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  private async pass(): Promise<RecomputePass> {
    const pass = await reportRun(
      this.runs,
      'price_recompute',
      () => recomputeQueuedPrices({ db: this.options.db, limit: this.options.batchSize, kept: this.kept }),
      (done) => done.failed.length > 0,
    )
    if (pass.recomputed > 0) this.options.onPass?.(pass)
    if (pass.batchError !== undefined)
      this.options.log.warn({ err: pass.batchError }, 'price recompute: a batch failed; done pair by pair')
    for (const { itemId, grade, error } of pass.failed)
      this.options.log.error({ err: error, itemId, grade }, 'price recompute failed; kept queued for a retry')
    return pass
  }

  private async loop(): Promise<void> {
    let lastPassAt = Number.NEGATIVE_INFINITY
    while (!this.stopping) {
      await this.pause(lastPassAt + MIN_PASS_INTERVAL_MS - Date.now(), { wakeable: false })
      if (this.stopping) break
      this.woken = false
      lastPassAt = Date.now()
      let more = false
      try {
        more = (await this.pass()).recomputed > 0
      } catch (error) {
        this.options.log.warn({ err: error }, 'price recompute pass failed; trying again shortly')
      }
      if (more || this.woken) continue
      await this.pause(this.options.pollMs ?? 1000, { wakeable: true })
    }
  }

  /** Sleeps up to `ms`; `stop` ends it early, and so does `wake` when it is wakeable. */
  private async pause(ms: number, { wakeable }: { wakeable: boolean }): Promise<void> {
    if (ms <= 0 || this.stopping) return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      timer.unref()
      this.wakeUp = () => {
        if (!wakeable && !this.stopping) return
        clearTimeout(timer)
        resolve()
      }
    })
    this.wakeUp = undefined
  }
}
