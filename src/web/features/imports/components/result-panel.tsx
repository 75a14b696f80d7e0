import { CircleCheck } from 'lucide-react'
import { Link } from 'wouter'
import type { ImportResult } from '#shared/contract/imports.ts'
import type { ImportTarget } from '#shared/contract/values.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { plural } from '#web/lib/format.ts'
import { IMPORT_TEXTS } from '../import-texts.ts'
import { ImportCounts } from './import-counts.tsx'
import { IssueList } from './issue-list.tsx'

/** Where to see what was imported. */
const DESTINATIONS: Record<ImportTarget, { href: string; label: string }> = {
  collection: { href: '/collection', label: 'Open My Collection' },
  wanted: { href: '/wanted', label: 'Open the wanted list' },
  catalogue: { href: '/sets', label: 'Browse the catalogue' },
}

/**
 * After filling the wanted list: where its price alerts are set (the wanted list's button, ADR 051). Here, not in
 * import-texts.ts: the panel loads with a result, and the import screen's first load is at its 150 KB budget.
 */
const WANTED_ALERTS_HINT =
  'To hear when an item’s fair price falls to the most you’d pay, press “Alert me at my prices” on the wanted list.'

/** What an import did (DESIGN §7), the rows it left out with their lines, and the report of them all. */
export function ResultPanel({ result, onStartOver }: { result: ImportResult; onStartOver: () => void }) {
  const destination = DESTINATIONS[result.target]
  return (
    <Card as="section" aria-labelledby="import-result-heading" className="grid gap-6 p-5 sm:p-6">
      <header className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-[#4ade80]" />
        <div>
          <h2 id="import-result-heading" className="font-bold text-lg">
            Imported
          </h2>
          <p className="text-muted text-sm">{result.formatLabel}</p>
        </div>
      </header>
      <ImportCounts
        label="What the import did"
        tiles={[
          { label: 'Imported', count: result.imported },
          { label: 'Updated', count: result.updated },
          { label: 'Unchanged', count: result.unchanged },
          { label: 'Not imported', count: result.skipped, warn: true },
          ...(result.removed > 0 ? [{ label: 'Removed', count: result.removed, warn: true }] : []),
        ]}
      />
      {result.skipped > result.errorsTotal ? (
        <p className="text-muted text-sm">
          {plural(result.skipped - result.errorsTotal, 'row was', 'rows were')} left out on purpose (parts,
          which Brickfolio does not track, and the like): the report lists them too.
        </p>
      ) : null}
      {result.target === 'wanted' && result.imported + result.updated > 0 ? (
        <p className="text-muted text-sm">{WANTED_ALERTS_HINT}</p>
      ) : null}
      <IssueList
        title="Rows with errors"
        rows={result.errors.map((error) => ({
          line: error.row,
          why: 'Not imported',
          message: error.message,
        }))}
        total={result.errorsTotal}
      />
      <div className="flex flex-col-reverse gap-3 border-line border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
        {result.skipped > 0 ? (
          <a
            href={result.reportUrl}
            download
            className="py-2 text-center font-semibold text-brick-yellow text-sm underline-offset-2 hover:underline sm:mr-auto"
          >
            {IMPORT_TEXTS.report} (CSV)
          </a>
        ) : null}
        <button type="button" onClick={onStartOver} className={buttonClasses('secondary', 'md')}>
          {IMPORT_TEXTS.startOver}
        </button>
        <Link href={destination.href} className={buttonClasses('primary', 'md')}>
          {destination.label}
        </Link>
      </div>
    </Card>
  )
}
