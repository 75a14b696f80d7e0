import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { FastifyBaseLogger } from 'fastify'
import type { CatalogueRows, IndexPage } from './items.index.ts'
import type { FromThread, SearchTask, ThreadSearch, ToThread } from './items.search.thread.ts'

/**
 * Searches waiting in the thread at most: past this the thread is far behind and the request's own thread
 * searches too. Measured at 50 connections (ADR 025): with 4 the request's thread searched nearly everything
 * itself and the thread idled (5,094–5,429 req/s); with 16, 6,238; with 48, 9,009.
 */
const MAX_WAITING = 48
/** After the thread stopped unexpectedly, a new one is started this much later, twice as late each time in a row. */
const RESTART_AFTER_MS = 1000
const RESTART_AT_MOST_AFTER_MS = 60_000

/**
 * Catalogue search on threads of their own (ADR 025): a fuzzy search costs up to a few milliseconds of
 * arithmetic, which on the event loop would hold up every other request, and the other cores are there to do
 * it. One thread per core: with two, one slow search no longer holds up those queued behind it. Each search
 * goes to the thread with the fewest waiting (see SearchThread).
 */
export class SearchThreads {
  private readonly threads: SearchThread[]

  constructor(log: FastifyBaseLogger, count = availableParallelism()) {
    this.threads = Array.from({ length: Math.max(1, count) }, () => new SearchThread(log))
  }

  /** A catalogue of this version was built from these rows: every thread builds its index from them too. */
  publish(version: number, rows: CatalogueRows): void {
    const indexed = indexedRows(rows)
    for (const thread of this.threads) thread.publish(version, indexed)
  }

  page(version: number, task: SearchTask, here: () => IndexPage): Promise<IndexPage> {
    let least = this.threads[0] as SearchThread
    for (const thread of this.threads) if (thread.waitingCount < least.waitingCount) least = thread
    return least.page(version, task, here)
  }

  /** Resolves once every thread holds the catalogue published last. */
  async ready(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.ready()))
  }

  /** Searches the threads answered, and those the request's own thread did (/metrics). */
  get answered(): { thread: number; here: number } {
    let thread = 0
    let here = 0
    for (const one of this.threads) {
      thread += one.answered.thread
      here += one.answered.here
    }
    return { thread, here }
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()))
  }
}

/** Only what the index reads: the items' other columns stay in the app. */
function indexedRows(rows: CatalogueRows): CatalogueRows {
  return {
    items: rows.items.map(
      ({ id, type, number, normalizedName, normalizedCode, theme, themeId, year, pieces }) => ({
        id,
        type,
        number,
        normalizedName,
        normalizedCode,
        theme,
        themeId,
        year,
        pieces,
      }),
    ),
    listOrder: rows.listOrder,
    aliases: rows.aliases.map(({ itemId, normalizedAlias }) => ({ itemId, normalizedAlias })),
    links: rows.links.map(({ setId, minifigId }) => ({ setId, minifigId })),
    themes: rows.themes.map(({ id, name, path }) => ({ id, name, path })),
  }
}

/**
 * One search thread. It builds an index from the rows of each catalogue the app builds (`publish`); a search of
 * that catalogue goes to the thread (`page`) while it holds that catalogue and has fewer than MAX_WAITING
 * searches waiting, and is otherwise done here, by the app's own index. So an answer is always the one the
 * catalogue gives, whichever thread found it, and a thread that is still building, busy, or gone slows nothing.
 */
export class SearchThread {
  private worker: Worker | undefined
  private readyVersion = -1
  private published: { version: number; rows: CatalogueRows } | undefined
  private nextId = 0
  private readonly waiting = new Map<number, (page: IndexPage | undefined) => void>()
  /** Searches waiting to be sent to the thread (`send`). */
  private unsent: ThreadSearch[] = []
  private readonly whenReady: Array<() => void> = []
  private closed = false
  /** Searches answered by the thread, and by the request's own thread (/metrics). */
  readonly answered = { thread: 0, here: 0 }
  private restart: NodeJS.Timeout | undefined
  private restartAfterMs = RESTART_AFTER_MS

  constructor(private readonly log: FastifyBaseLogger) {}

  /** A catalogue of this version was built from these rows (`indexedRows`): the thread builds its index too. */
  publish(version: number, rows: CatalogueRows): void {
    if (this.closed) return
    this.published = { version, rows }
    this.sendCatalogue()
  }

  /** Searches sent and not answered yet. */
  get waitingCount(): number {
    return this.waiting.size
  }

  /** The page of `task` in the catalogue of `version`: from the thread when it can, else from `here`. */
  async page(version: number, task: SearchTask, here: () => IndexPage): Promise<IndexPage> {
    const page =
      this.worker && this.readyVersion === version && this.waiting.size < MAX_WAITING
        ? await new Promise<IndexPage | undefined>((resolve) => {
            const id = this.nextId++
            this.waiting.set(id, resolve)
            this.unsent.push({ id, version, task })
            if (this.unsent.length === 1) setImmediate(this.send)
          })
        : undefined
    if (page) {
      this.answered.thread++
      return page
    }
    this.answered.here++
    return here()
  }

  /**
   * The searches asked for since the last were sent go in one message, once the event loop has read every
   * request that was waiting: each message costs the request's thread tens of microseconds (a wake-up of the
   * other thread), as much as the rest of a search request's own work there.
   */
  private readonly send = () => {
    const searches = this.unsent
    if (searches.length === 0) return // the thread stopped meanwhile: they were searched here
    this.unsent = []
    this.worker?.postMessage({ type: 'searches', searches } satisfies ToThread)
  }

  /** Resolves once the thread holds the catalogue published last (tests, and the bench's warm-up). */
  ready(): Promise<void> {
    if (this.published && this.readyVersion === this.published.version) return Promise.resolve()
    return new Promise((resolve) => this.whenReady.push(resolve))
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.restart)
    const worker = this.worker
    this.stopped()
    await worker?.terminate()
  }

  private sendCatalogue(): void {
    if (!this.published) return
    this.readyVersion = -1
    ;(this.worker ?? this.start()).postMessage({ type: 'catalogue', ...this.published } satisfies ToThread)
  }

  private start(): Worker {
    const tsx = import.meta.resolve('tsx/esm/api')
    const entry = new URL('./items.search.thread.ts', import.meta.url).href
    // The thread runs TypeScript as the app does: tsx is registered in it before its module is loaded.
    const worker = new Worker(
      `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`,
      { eval: true },
    )
    worker.unref()
    worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') {
        if (message.version !== this.published?.version) return
        this.readyVersion = message.version
        this.restartAfterMs = RESTART_AFTER_MS
        for (const resolve of this.whenReady.splice(0)) resolve()
        return
      }
      for (const answer of message.answers) {
        const resolve = this.waiting.get(answer.id)
        this.waiting.delete(answer.id)
        resolve?.(answer.page)
      }
    })
    worker.on('error', (error) =>
      this.log.error({ err: error }, 'search thread failed; searching here meanwhile'),
    )
    worker.on('exit', () => {
      if (this.worker !== worker) return
      this.stopped()
      if (this.closed) return
      this.restart = setTimeout(() => {
        if (!this.worker) this.sendCatalogue()
      }, this.restartAfterMs)
      this.restartAfterMs = Math.min(this.restartAfterMs * 2, RESTART_AT_MOST_AFTER_MS)
      this.restart.unref()
    })
    this.worker = worker
    return worker
  }

  /** No thread: what waited for it is searched here. */
  private stopped(): void {
    this.worker = undefined
    this.readyVersion = -1
    for (const resolve of this.waiting.values()) resolve(undefined)
    this.waiting.clear()
    this.unsent = []
  }
}
