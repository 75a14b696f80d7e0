import { CATALOGUE_CSV_HEADER } from '#shared/import-formats.ts'
import { Card } from '#web/components/ui/card.tsx'

/** Where each file comes from, by the name the site gives its export (research/import-formats.md). */
const SOURCES = [
  {
    name: 'BrickLink',
    files: [
      'Wanted list XML → your wanted list',
      'Store inventory XML → your collection, MYCOST as price paid',
    ],
  },
  {
    name: 'Brickset',
    files: [
      'Collection CSV (owned new and used)',
      'Set data with US, UK, CA and DE retail prices (catalogue)',
    ],
  },
  {
    name: 'Rebrickable',
    files: ['Set list CSV', 'Catalogue downloads: themes, sets, minifigs, inventories (catalogue)'],
  },
  { name: 'BrickEconomy', files: ['Collection CSV, per copy or with owned and wanted counts'] },
  { name: 'BrickOwl', files: ['Order items CSV'] },
] as const

const CSV_EXAMPLE = `${CATALOGUE_CSV_HEADER}
75192-1,Millennium Falcon,Star Wars,2017,7541,8,849.99,set,false
sw0001a,Luke Skywalker,Star Wars,1999,,,,minifig,true`

const COLUMNS = [
  ['item_number', 'Required. 75192-1 for a set, sw0001a for a minifigure'],
  ['name', 'Required'],
  ['theme', 'Required'],
  ['year', 'Year released, e.g. 2017'],
  ['pieces, minifigures', 'Counts; may be empty'],
  ['original_msrp', 'Numeric, e.g. 849.99'],
  ['type', "Required: 'set' or 'minifig'"],
  ['retired', "'true' or 'false'"],
] as const

/** The side panels (spec 02 §2): the external sources, and the CSV format guide. */
export function SidePanels() {
  return (
    <div className="grid min-w-0 content-start gap-6">
      <Card as="section" aria-labelledby="import-sources-heading" className="min-w-0 p-5">
        <h2 id="import-sources-heading" className="font-bold text-lg">
          Sources
        </h2>
        <p className="mt-1 text-muted text-sm">The format is recognised from the file itself.</p>
        <ul className="mt-4 grid gap-3.5">
          {SOURCES.map((source) => (
            <li key={source.name}>
              <p className="font-semibold text-sm">{source.name}</p>
              <ul className="mt-0.5 grid gap-0.5 text-muted text-xs">
                {source.files.map((file) => (
                  <li key={file}>{file}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Card>
      <Card as="section" aria-labelledby="csv-guide-heading" className="min-w-0 p-5">
        <h2 id="csv-guide-heading" className="font-bold text-lg">
          CSV format guide
        </h2>
        <p className="mt-1 text-muted text-sm">
          For the catalogue, a CSV file with this header row (JSON: an array of objects with the same fields):
        </p>
        <pre className="mt-3 whitespace-pre-wrap break-all rounded-lg border border-line bg-canvas p-3 font-mono text-[11px] text-muted leading-relaxed">
          {CSV_EXAMPLE}
        </pre>
        <dl className="mt-4 grid gap-2 text-xs">
          {COLUMNS.map(([column, rule]) => (
            <div key={column} className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2">
              <dt className="font-mono text-fg">{column}</dt>
              <dd className="text-muted">{rule}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  )
}
