import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { HttpError } from '#server/errors.ts'
import type { ReadCache } from '#server/lib/read-cache.ts'
import { commitImport, type ImportProgress, openFiles, previewImport } from './import.service.ts'
import { importResult, type JobOptions, jobOptions } from './import-answers.ts'
import { folderExists, folderInputs, removeImportFolder } from './import-files.ts'
import {
  claimQueuedImport,
  deleteImportIssues,
  type ImportRecord,
  importFilesToRemove,
  unfinishedImports,
  updateImport,
} from './imports.repo.ts'

/** Progress is written at most this often (ADR 013: every half second). */
const PROGRESS_EVERY_MS = 500
/** Queued jobs are looked for this often even when nothing wakes the runner (a missed wake). */
const POLL_MS = 30_000
/** Files of finished imports are looked for this often (a preview's file is kept a day for its commit). */
const SWEEP_MS = 60 * 60 * 1000

export const RESTARTED = 'The server restarted during this import; run it again.'
const FILE_GONE = 'The file of this import is no longer here; upload it again.'

class Stopping extends Error {}

export interface ImportJobsOptions {
  db: Database
  /** This instance's IMPORT_DIR: its jobs are those whose files are there. */
  dir: string
  log: FastifyBaseLogger
  readCache?: ReadCache
}

/**
 * Large imports (over 5 MB) run here, one at a time, in the instance that received the file (ADR 013 §7).
 * Progress is written every half second for `GET /api/imports/{id}`. At start, the jobs a restart
 * interrupted run again from the start if their file is still here (an import is idempotent), else they are
 * marked failed; `stop()` ends the running job between two batches, leaving it to be run again.
 */
export class ImportJobs {
  private readonly dir: string
  private running: Promise<void> | undefined
  private stopping = false
  private wakeUp: (() => void) | undefined
  private timers: NodeJS.Timeout[] = []

  constructor(private readonly options: ImportJobsOptions) {
    this.dir = path.resolve(options.dir)
  }

  /** The folder an upload goes in for this instance's jobs. */
  get folder(): string {
    return this.dir
  }

  start(): void {
    if (this.running) return
    this.stopping = false
    this.running = this.loop()
    this.timers.push(setInterval(() => void this.sweep(), SWEEP_MS).unref())
  }

  /** A job was queued: look now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.()
  }

  async stop(): Promise<void> {
    this.stopping = true
    for (const timer of this.timers) clearInterval(timer)
    this.timers = []
    this.wake()
    await this.running
    this.running = undefined
  }

  private async loop(): Promise<void> {
    try {
      await this.resume()
      await this.sweep()
    } catch (error) {
      this.options.log.error({ err: error }, 'import jobs: could not resume')
    }
    while (!this.stopping) {
      let job: ImportRecord | undefined
      try {
        job = await claimQueuedImport(this.options.db, this.dir)
      } catch (error) {
        this.options.log.warn({ err: error }, 'import jobs: could not look for queued imports')
      }
      if (job) {
        await this.run(job)
        continue
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS)
        this.wakeUp = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wakeUp = undefined
    }
  }

  /** Jobs this instance left queued or running: run again if their file is here, else failed. */
  private async resume(): Promise<void> {
    for (const job of await unfinishedImports(this.options.db, this.dir)) {
      if (await folderExists(job.filePath)) {
        await updateImport(this.options.db, job.id, { status: 'queued' })
      } else {
        await updateImport(this.options.db, job.id, {
          status: 'failed',
          error: RESTARTED,
          filePath: null,
          finished: true,
        })
      }
    }
  }

  /** Removes the files of finished imports (a preview's after a day, kept for its commit). */
  async sweep(): Promise<void> {
    try {
      for (const job of await importFilesToRemove(this.options.db, this.dir)) {
        await removeImportFolder(job.filePath)
        await updateImport(this.options.db, job.id, { filePath: null })
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'import jobs: could not remove finished files')
    }
  }

  private async run(job: ImportRecord): Promise<void> {
    const { db, log } = this.options
    const options = jobOptions(job)
    const progress = this.progressWriter(job, options)
    try {
      if (!(await folderExists(job.filePath)) || !job.filePath) throw new HttpError(409, FILE_GONE)
      const files = await openFiles(await folderInputs(job.filePath))
      const params = {
        db,
        actor: { userId: job.userId, ...options.actor },
        files,
        choices: { ...options.choices, target: job.target },
        readCache: this.options.readCache,
        onProgress: progress.write,
      }
      await deleteImportIssues(db, job.id)
      if (job.mode === 'preview') {
        const preview = await previewImport(params)
        await progress.flush()
        await updateImport(db, job.id, { status: 'done', result: preview, finished: true })
      } else {
        const outcome = await commitImport({ ...params, importId: job.id })
        await progress.flush()
        // The file first: a job seen done has nothing left on disk.
        await removeImportFolder(job.filePath)
        await updateImport(db, job.id, {
          status: 'done',
          result: importResult({ ...outcome, importId: job.id }),
          filePath: null,
          finished: true,
        })
      }
    } catch (error) {
      if (error instanceof Stopping) return // left running: run again at the next start
      const message =
        error instanceof HttpError ? error.message : 'The import failed on our side; run it again.'
      if (!(error instanceof HttpError)) log.error({ err: error, importId: job.id }, 'import job failed')
      await removeImportFolder(job.filePath).catch(() => {})
      await updateImport(db, job.id, {
        status: 'failed',
        error: message,
        filePath: null,
        finished: true,
      }).catch(() => {})
    }
  }

  /**
   * Writes progress at most every half second (and at once when the phase changes), and ends the job
   * between two batches when the runner stops.
   */
  private progressWriter(job: ImportRecord, options: JobOptions) {
    let last = 0
    let phase: ImportProgress['phase'] | undefined
    let pending: ImportProgress | undefined
    let since = new Date().toISOString()
    const save = async (progress: ImportProgress) => {
      last = Date.now()
      pending = undefined
      await updateImport(this.options.db, job.id, {
        bytesDone: progress.bytesDone,
        rowsDone: progress.rowsDone,
        options: { ...options, progress: { phase: progress.phase, since } },
      })
    }
    return {
      write: async (progress: ImportProgress) => {
        if (this.stopping) throw new Stopping()
        if (progress.phase !== phase) {
          phase = progress.phase
          since = new Date().toISOString()
          return save(progress)
        }
        if (Date.now() - last >= PROGRESS_EVERY_MS) return save(progress)
        pending = progress
      },
      flush: async () => {
        if (pending) await save(pending)
      },
    }
  }
}
