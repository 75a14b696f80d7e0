import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import type { ImportJob } from '#shared/contract/imports.ts'
import { Card } from '#web/components/ui/card.tsx'
import { exactTime, formatCount, relativeTime } from '#web/lib/format.ts'
import { IMPORT_TEXTS, TARGET_LABELS } from '../import-texts.ts'
import { importQueries, isRunning } from '../queries.ts'

/** What became of an import, in a few words. */
function statusText(job: ImportJob): string {
  if (job.status === 'failed') return 'Stopped: see why'
  if (isRunning(job))
    return job.status === 'queued' ? 'Waiting to start' : `Running · ${Math.round(job.percent)} %`
  const result = job.result
  if (!result) return 'Done'
  if (result.mode === 'preview') return 'Checked, not imported yet'
  const parts = [`${formatCount(result.imported)} imported`, `${formatCount(result.updated)} updated`]
  if (result.skipped > 0) parts.push(`${formatCount(result.skipped)} not imported`)
  return parts.join(', ')
}

/**
 * The user's recent imports (`GET /api/imports`): each opens where it stands, a running one with its
 * progress, a checked large file to import it, a finished one with its report.
 */
export function RecentImports({ openJob }: { openJob: (id: string) => string }) {
  const recent = useQuery(importQueries.recent())
  const imports = recent.data?.imports ?? []
  if (imports.length === 0) return null
  const now = Date.now()
  return (
    <Card as="section" aria-labelledby="recent-imports-heading" className="p-5 sm:p-6">
      <h2 id="recent-imports-heading" className="font-bold text-lg">
        {IMPORT_TEXTS.recent}
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {imports.map((job) => (
          <li
            key={job.id}
            data-testid="recent-import"
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
          >
            <div className="min-w-0">
              <Link
                href={openJob(job.id)}
                className="block truncate font-medium underline-offset-2 hover:underline"
              >
                {job.fileName ?? job.formatLabel ?? 'Pasted data'}
              </Link>
              <p className="text-muted text-xs">
                {TARGET_LABELS[job.target].label} ·{' '}
                <time dateTime={job.createdAt} title={exactTime(job.createdAt)}>
                  {relativeTime(job.createdAt, now)}
                </time>
              </p>
            </div>
            <div className="flex items-center gap-3 text-sm">
              <span className={job.status === 'failed' ? 'text-[#ff8a8c]' : 'text-muted'}>
                {statusText(job)}
              </span>
              {job.result?.mode === 'commit' && job.result.skipped > 0 ? (
                <a
                  href={job.result.reportUrl}
                  download
                  className="font-semibold text-brick-yellow underline-offset-2 hover:underline"
                >
                  Report
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  )
}
