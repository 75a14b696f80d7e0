import { queryOptions } from '@tanstack/react-query'
import type { ImportJob, ImportJobs } from '#shared/contract/imports.ts'

export const IMPORTS_PATH = '/api/imports'
/** How often a running import is asked about: its progress bar moves about once a second. */
const PROGRESS_POLL_MS = 1_000

/** Still to finish: waiting for its turn, or being read and written. */
export const isRunning = (job: Pick<ImportJob, 'status'>) =>
  job.status === 'queued' || job.status === 'running'

/** The user's imports (ADR 013); the default query function turns each key into its URL. */
export const importQueries = {
  /** The 20 most recent, newest first; asked again every second while one of them runs. */
  recent: () =>
    queryOptions<ImportJobs>({
      queryKey: [IMPORTS_PATH] as const,
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.imports.some(isRunning) ? PROGRESS_POLL_MS : false),
    }),
  /** One import: its progress while it runs, then its preview or result. */
  job: (id: string) =>
    queryOptions<ImportJob>({
      queryKey: [`${IMPORTS_PATH}/${id}`] as const,
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data && isRunning(query.state.data) ? PROGRESS_POLL_MS : false,
    }),
}
