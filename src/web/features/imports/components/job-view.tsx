import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { Actor } from '#shared/permissions.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { FormError } from '#web/components/ui/form-field.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { ApiError } from '#web/lib/api.ts'
import { type ChoiceValues, NO_CHOICES } from '../import-request.ts'
import { IMPORT_TEXTS } from '../import-texts.ts'
import { afterImport, useCommitPreviewed } from '../mutations.ts'
import { importQueries, isRunning } from '../queries.ts'
import { allowedTargets, failureMessage, mergeAmbiguous, successToast } from '../use-import-flow.ts'
import { JobProgress } from './job-progress.tsx'
import { PreviewPanel } from './preview-panel.tsx'
import { ResultPanel } from './result-panel.tsx'

/**
 * A large file's import, followed in the address (`?job=…`): its progress while it runs, then its preview
 * (choices made here are sent with the commit, the file is not uploaded again) or what it did. Toasts are
 * for what finished while the user watched; coming back later shows where it stands.
 */
export function JobView({
  id,
  user,
  onStartOver,
}: {
  id: string
  user: Actor | null
  onStartOver: () => void
}) {
  const queryClient = useQueryClient()
  const job = useQuery(importQueries.job(id))
  const commit = useCommitPreviewed()
  const [choices, setChoices] = useState<ChoiceValues>(NO_CHOICES)
  const [error, setError] = useState<string | null>(null)
  const watched = useRef(false)
  const data = job.data

  // What finished while the user watched gets its toast, and what it wrote is asked for again.
  useEffect(() => {
    if (!data) return
    if (isRunning(data)) {
      watched.current = true
      return
    }
    if (!watched.current) return
    watched.current = false
    if (data.status === 'failed') failureMessage(new Error(data.error ?? ''))
    else if (data.result?.mode === 'commit') {
      successToast(data.result)
      void afterImport(queryClient, data.result.target)
    }
  }, [data, queryClient])

  if (job.isPending) return <Skeleton className="h-64 rounded-2xl" />
  if (job.error || !data) {
    const missing = job.error instanceof ApiError && job.error.status === 404
    return (
      <Card className="grid gap-4 p-5 sm:p-6">
        <FormError>
          {missing ? 'This import is not one of yours, or it is gone.' : 'The import could not be loaded.'}
        </FormError>
        <StartOver onStartOver={onStartOver} />
      </Card>
    )
  }
  if (isRunning(data)) return <JobProgress job={data} />
  if (data.status === 'failed' || !data.result || !data.format) {
    return (
      <div className="grid gap-4">
        <JobProgress job={{ ...data, status: 'failed' }} />
        <StartOver onStartOver={onStartOver} />
      </div>
    )
  }
  if (data.result.mode === 'commit') return <ResultPanel result={data.result} onStartOver={onStartOver} />
  const preview = data.result
  return (
    <div className="grid gap-4">
      <p className="text-muted text-sm">
        This file was checked on the server. The counts are from that check; the choices you make here apply
        when you import it.
      </p>
      {error ? <FormError>{error}</FormError> : null}
      <PreviewPanel
        preview={preview}
        choices={choices}
        onChoicesChange={setChoices}
        targets={allowedTargets(preview.format, user)}
        ambiguous={mergeAmbiguous([], preview.issues)}
        committing={commit.isPending}
        updating={false}
        onCommit={() =>
          commit.mutate(
            { id, choices },
            {
              onSuccess: () => {
                watched.current = true
                setError(null)
              },
              onError: (failure) => setError(failureMessage(failure)),
            },
          )
        }
      />
      <StartOver onStartOver={onStartOver} />
    </div>
  )
}

function StartOver({ onStartOver }: { onStartOver: () => void }) {
  return (
    <div>
      <button type="button" onClick={onStartOver} className={buttonClasses('secondary', 'md')}>
        {IMPORT_TEXTS.startOver}
      </button>
    </div>
  )
}
