import { CircleAlert, LoaderCircle } from 'lucide-react'
import type { ImportJob } from '#shared/contract/imports.ts'
import { Card } from '#web/components/ui/card.tsx'
import { FormError } from '#web/components/ui/form-field.tsx'
import { formatCount } from '#web/lib/format.ts'
import { sizeText } from './file-drop.tsx'

/** 'about 2 min left', 'about 40 s left'. */
export function timeLeftText(seconds: number): string {
  if (seconds >= 90) return `about ${Math.round(seconds / 60)} min left`
  return `about ${Math.max(1, Math.round(seconds))} s left`
}

const PHASE_LABELS = { checking: 'Checking every row', importing: 'Importing' } as const

/**
 * A large file's import as it runs (issue 12): the bar, rows done, rows per second and time left. It is
 * the server's job, so it goes on when the user leaves; coming back shows it where it has got to.
 */
export function JobProgress({ job }: { job: ImportJob }) {
  const title = job.fileName ?? job.formatLabel ?? 'Your file'
  if (job.status === 'failed') {
    return (
      <Card as="section" aria-label={`Import of ${title}`} className="grid gap-3 p-5 sm:p-6">
        <h2 className="flex items-center gap-2 font-bold text-lg">
          <CircleAlert aria-hidden="true" className="size-5 text-[#ff8a8c]" />
          The import stopped
        </h2>
        <FormError>{job.error ?? 'The import could not finish.'}</FormError>
      </Card>
    )
  }
  const queued = job.status === 'queued'
  const percent = Math.round(job.percent)
  const phase = job.phase ? PHASE_LABELS[job.phase] : job.mode === 'preview' ? 'Checking' : 'Importing'
  const details = [
    `${formatCount(job.rowsDone)} rows`,
    job.rowsPerSecond ? `${formatCount(Math.round(job.rowsPerSecond))} rows/s` : null,
    job.secondsLeft !== null ? timeLeftText(job.secondsLeft) : null,
  ].filter(Boolean)
  return (
    <Card as="section" aria-label={`Import of ${title}`} className="grid gap-4 p-5 sm:p-6">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate font-bold text-lg">{title}</h2>
          <p className="text-muted text-sm">
            {job.formatLabel ? `${job.formatLabel} · ` : ''}
            {sizeText(job.fileSize)}
          </p>
        </div>
        <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-muted" />
      </header>
      <div>
        <div className="mb-1.5 flex justify-between gap-2 text-sm">
          <span className="font-medium">{queued ? 'Waiting to start…' : phase}</span>
          <span className="tabular text-muted">{percent} %</span>
        </div>
        <div
          role="progressbar"
          aria-label={`${phase}: ${title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent} %, ${details.join(', ')}`}
          className="h-2.5 overflow-hidden rounded-full bg-raised"
        >
          <div
            className="h-full rounded-full bg-brick-yellow transition-[width] duration-700 motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p data-testid="import-progress" className="tabular mt-2 min-h-5 text-muted text-sm">
          {queued ? '' : details.join(' · ')}
        </p>
      </div>
      <p className="text-subtle text-xs">
        The import runs on the server: you can leave this page and come back to it.
      </p>
    </Card>
  )
}
