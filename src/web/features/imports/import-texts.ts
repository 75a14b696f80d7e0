import type { DateOrder, ImportIssueStatus, ImportSource, ImportTarget } from '#shared/contract/values.ts'
import { formatCount } from '#web/lib/format.ts'

/** What the import screen says, in one place: the spec's texts (02 §2, §8) and ours around them. */
export const IMPORT_TEXTS = {
  title: 'Import Data',
  intro:
    'Bring your sets and minifigures over from the sites you already use. Nothing is written until you have seen what the file holds.',
  success: { title: 'Import Successful', description: (n: number) => `Imported ${n} items successfully!` },
  failure: {
    title: 'Import Failed',
    description: 'Failed to import data. Please check your input and try again.',
  },
  check: 'Check file',
  checking: 'Checking…',
  uploading: 'Uploading…',
  url: 'Import from a web address',
  urlHint: 'A public link to the exported file (http or https).',
  file: 'Choose files',
  fileHint: 'Drop an exported file here, or',
  fileLimits: 'CSV, XML or JSON, gzipped or not: up to 100 MB. Large files are imported in the background.',
  removeFile: 'Remove file',
  orPaste: 'or paste it below',
  nothingGiven: 'Paste the data, choose a file, or give a web address to import from',
  target: 'Import into',
  currency: 'Currency of the prices',
  currencyHint: 'The file does not say which currency its prices are in.',
  dateOrder: 'Dates in this file are written',
  conditionWhenUnknown: 'The file does not say whether copies are new or used: count them as',
  replace: 'Also remove what an earlier import from this source added and this file no longer has',
  replaceHint: 'Entries you added by hand are never touched.',
  ambiguousTitle: 'Numbers that match several items',
  ambiguousIntro: 'Choose the item each number means. Rows you leave out are listed in the report.',
  leaveOut: 'Leave these rows out',
  commit: (rows: number) =>
    rows === 0 ? 'Import' : `Import ${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}`,
  committing: 'Importing…',
  startOver: 'Import another file',
  report: 'Download the report',
  recent: 'Recent imports',
} as const

/** The source selector (spec 02 §2), in the spec's order. */
export const SOURCE_OPTIONS: ReadonlyArray<{ value: ImportSource; label: string }> = [
  { value: 'bricklink', label: 'BrickLink' },
  { value: 'brickset', label: 'Brickset' },
  { value: 'rebrickable', label: 'Rebrickable' },
  { value: 'csv', label: 'CSV File' },
  { value: 'json', label: 'JSON Data' },
]

/** The data textarea's label depends on the source (spec 02 §2). */
export function dataLabel(source: ImportSource): string {
  if (source === 'csv') return 'CSV Data'
  if (source === 'json') return 'JSON Data'
  return 'Additional Parameters'
}

/** What to paste for each source: what its export is called there. */
export const SOURCE_HINTS: Record<ImportSource, string> = {
  bricklink:
    'Paste a wanted list (Wanted › Download › XML) or your store inventory (Inventory › Download › XML).',
  brickset: 'Paste your collection export (My sets › Export › CSV), or Brickset set data with retail prices.',
  rebrickable: 'Paste a set list export (Sets › Export › CSV), or choose the catalogue downloads.',
  csv: 'Paste a CSV file: the catalogue format below, a BrickEconomy collection or BrickOwl order items.',
  json: 'Paste a JSON array of items with the catalogue format’s fields.',
}

export const TARGET_LABELS: Record<ImportTarget, { label: string; description: string }> = {
  collection: { label: 'My collection', description: 'What you own, with what you paid' },
  wanted: { label: 'My wanted list', description: 'What you are looking for' },
  catalogue: { label: 'The catalogue', description: 'Items and retail prices everyone sees' },
}

export const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  dmy: 'Day first (31/12/2024)',
  mdy: 'Month first (12/31/2024)',
}

export const ISSUE_LABELS: Record<ImportIssueStatus, string> = {
  unknown: 'Not in the catalogue',
  ambiguous: 'Matches several items',
  rejected: 'Cannot be read',
  skipped: 'Not imported',
}
