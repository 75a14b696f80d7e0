import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { Database } from '#server/db/client.ts'
import { spreadsheetCell } from '#server/lib/spreadsheet-cell.ts'
import type { ImportIssue } from '#shared/contract/imports.ts'
import { importIssuesPage } from './imports.repo.ts'

const COLUMNS = ['line', 'number', 'name', 'status', 'message', 'candidates']
const PAGE = 2000

/** The candidates of an ambiguous row, in one cell: `75252-1 (id 12); 75252-2 (id 13)`. */
const candidatesCell = (issue: ImportIssue) =>
  (issue.candidates ?? [])
    .map((candidate) => `${candidate.number} ${candidate.name} (id ${candidate.id})`)
    .join('; ')

/**
 * An import's report: every row that was not imported and why, in file order, as CSV (cells neutralised
 * like the collection export's). Streamed page by page: a 100 MB file may have many.
 */
export function importReport({ db, importId }: { db: Database; importId: string }): Readable {
  async function* rows() {
    let after = 0
    for (;;) {
      const page = await importIssuesPage(db, importId, after, PAGE)
      for (const issue of page) {
        yield [
          issue.line,
          issue.number ?? '',
          issue.name ?? '',
          issue.status,
          issue.message,
          candidatesCell(issue),
        ].map(spreadsheetCell)
      }
      const last = page.at(-1)
      if (!last || page.length < PAGE) return
      after = last.id
    }
  }
  return Readable.from(rows()).pipe(stringify({ header: true, columns: COLUMNS }))
}

export const reportFileName = (importId: string) => `brickfolio-import-${importId.slice(0, 8)}-report.csv`
