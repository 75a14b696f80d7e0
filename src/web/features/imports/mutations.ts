import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import type { ImportJob, ImportPreview, ImportResult } from '#shared/contract/imports.ts'
import type { ImportMode, ImportTarget } from '#shared/contract/values.ts'
import { invalidateCatalogue } from '#web/features/catalogue/index.ts'
import { invalidateCollection } from '#web/features/collection/index.ts'
import { invalidateWanted } from '#web/features/wanted/index.ts'
import { apiRequest } from '#web/lib/api.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'
import { type ChoiceValues, choicesBody, type ImportInput, importRequest } from './import-request.ts'
import { IMPORTS_PATH, importQueries } from './queries.ts'

/** What `POST /api/import/data` answers: a preview or a result (a file up to 5 MB), or the job of a larger one. */
export type ImportAnswer = ImportPreview | ImportResult | ImportJob

export const isJob = (answer: ImportAnswer): answer is ImportJob => 'status' in answer

/** After an import wrote: what it wrote to, and the list of imports. */
export function afterImport(queryClient: QueryClient, target: ImportTarget): Promise<unknown> {
  const written = {
    collection: invalidateCollection,
    wanted: invalidateWanted,
    catalogue: invalidateCatalogue,
  }[target]
  return Promise.all([written(queryClient), queryClient.invalidateQueries({ queryKey: [IMPORTS_PATH] })])
}

/** POST /api/import/data: preview or import what the user gave. */
export function useImportData() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: ({ input, choices, mode }: { input: ImportInput; choices: ChoiceValues; mode: ImportMode }) =>
      apiRequest<ImportAnswer>('POST', '/api/import/data', importRequest(input, choices, mode)),
    onSuccess: (answer) => {
      if (isJob(answer)) return queryClient.invalidateQueries({ queryKey: [IMPORTS_PATH] })
      if (answer.mode === 'commit') return afterImport(queryClient, answer.target)
      return undefined
    },
  })
}

/** POST /api/imports/{id}/commit: import a previewed large file with the choices made, as a job. */
export function useCommitPreviewed() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: ({ id, choices }: { id: string; choices: ChoiceValues }) =>
      apiRequest<ImportJob>('POST', `${IMPORTS_PATH}/${id}/commit`, { body: choicesBody(choices) }),
    onSuccess: (job) => {
      queryClient.setQueryData(importQueries.job(job.id).queryKey, job)
      return queryClient.invalidateQueries({ queryKey: [IMPORTS_PATH] })
    },
  })
}
