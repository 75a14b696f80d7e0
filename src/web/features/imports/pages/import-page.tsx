import { lazy, Suspense } from 'react'
import { useLocation, useSearch } from 'wouter'
import { FormError } from '#web/components/ui/form-field.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { RecentImports } from '../components/recent-imports.tsx'
import { SidePanels } from '../components/side-panels.tsx'
import { SourceForm } from '../components/source-form.tsx'
import { IMPORT_TEXTS } from '../import-texts.ts'
import { allowedTargets, targetParam, useImportFlow } from '../use-import-flow.ts'

// What a checked file shows (and the currency list and money rules it brings) loads once there is one.
const PreviewPanel = lazy(() =>
  import('../components/preview-panel.tsx').then((module) => ({ default: module.PreviewPanel })),
)
const ResultPanel = lazy(() =>
  import('../components/result-panel.tsx').then((module) => ({ default: module.ResultPanel })),
)
const JobView = lazy(() =>
  import('../components/job-view.tsx').then((module) => ({ default: module.JobView })),
)

/**
 * Import Data (spec 02 §2, issue 12): a file from the sites collectors use, previewed before anything is
 * written, into the user's collection or wanted list, or (admins and trusted members) the catalogue. A
 * large file runs on the server; its progress is followed in the address (`?job=…`), so leaving and
 * coming back, or reloading, finds it where it has got to.
 */
export function ImportPage() {
  useDocumentTitle(IMPORT_TEXTS.title)
  const { user } = useSession()
  const search = useSearch()
  const [location, navigate] = useLocation()
  const jobId = new URLSearchParams(search).get('job')
  const requestedTarget = targetParam(search)
  const openJob = (id: string) => `${location}?job=${encodeURIComponent(id)}`
  const flow = useImportFlow({ user, requestedTarget, onJob: (id) => navigate(openJob(id)) })

  return (
    <div className="page-width py-8 sm:py-12">
      <header>
        <h1 className="font-extrabold text-2xl tracking-tight sm:text-3xl">{IMPORT_TEXTS.title}</h1>
        <p className="mt-1.5 max-w-2xl text-pretty text-muted">{IMPORT_TEXTS.intro}</p>
      </header>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-6">
          <Suspense fallback={<Skeleton className="h-64 rounded-2xl" />}>
            {jobId ? (
              <JobView
                key={jobId}
                id={jobId}
                user={user}
                onStartOver={() => {
                  flow.startOver()
                  navigate(location)
                }}
              />
            ) : flow.result ? (
              <ResultPanel result={flow.result} onStartOver={flow.startOver} />
            ) : (
              <>
                <SourceForm
                  input={flow.input}
                  onInputChange={flow.changeInput}
                  onCheck={flow.check}
                  checking={flow.checking}
                  error={flow.preview ? null : flow.error}
                />
                {flow.preview ? (
                  <>
                    {flow.error ? <FormError>{flow.error}</FormError> : null}
                    <PreviewPanel
                      preview={flow.preview}
                      choices={flow.choices}
                      onChoicesChange={flow.changeChoices}
                      targets={allowedTargets(flow.preview.format, user)}
                      ambiguous={flow.ambiguous}
                      onCommit={flow.commit}
                      committing={flow.committing}
                      updating={flow.updating && !flow.committing}
                    />
                  </>
                ) : null}
              </>
            )}
          </Suspense>
          <RecentImports openJob={openJob} />
        </div>
        <aside aria-label="Import help" className="min-w-0">
          <SidePanels />
        </aside>
      </div>
    </div>
  )
}
