import { useState } from 'react'
import type { ImportIssue } from '#shared/contract/imports.ts'
import { formatCount } from '#web/lib/format.ts'
import { ISSUE_LABELS } from '../import-texts.ts'
import { RowsTable } from './rows-table.tsx'

/** Rows shown before 'Show all'. */
const FIRST_ROWS = 20

export interface ListedRow {
  line: number
  number?: string | null
  why: string
  message: string
}

export const issueRow = (issue: ImportIssue): ListedRow => ({
  line: issue.line,
  number: issue.number,
  why: ISSUE_LABELS[issue.status],
  message: issue.message,
})

/**
 * Rows not imported (or that would not be) and why, each with its line, so the user can find it in the
 * file: the first few, then all that came with the answer; the report has every one.
 */
export function IssueList({
  title,
  rows,
  total,
}: {
  title: string
  rows: ListedRow[]
  /** How many there are in all (the answer carries the first 500 or 1,000). */
  total: number
}) {
  const [all, setAll] = useState(false)
  if (total === 0) return null
  const shown = all ? rows : rows.slice(0, FIRST_ROWS)
  return (
    <section aria-label={title} className="grid gap-3">
      <h3 className="font-semibold">
        {title} <span className="font-normal text-muted">({formatCount(total)})</span>
      </h3>
      <RowsTable columns={[{ label: 'Line', numeric: true }, { label: 'Number' }, { label: 'Why' }]}>
        {shown.map((row) => (
          <tr
            key={`${row.line}-${row.number}-${row.message}`}
            data-testid="import-issue"
            className="align-top"
          >
            <td className="px-3 py-2 text-right text-muted tabular">{row.line}</td>
            <td className="px-3 py-2 font-mono text-xs">{row.number ?? '—'}</td>
            <td className="px-3 py-2">
              <span className="font-medium">{row.why}</span>
              <span className="block text-muted text-xs">{row.message}</span>
            </td>
          </tr>
        ))}
      </RowsTable>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {rows.length > shown.length ? (
          <button
            type="button"
            onClick={() => setAll(true)}
            className="font-semibold text-brick-yellow underline-offset-2 hover:underline"
          >
            Show all {formatCount(rows.length)}
          </button>
        ) : null}
        {total > rows.length ? (
          <span className="text-muted">
            {formatCount(total - rows.length)} more are not shown here: the import's report lists every one.
          </span>
        ) : null}
      </div>
    </section>
  )
}
