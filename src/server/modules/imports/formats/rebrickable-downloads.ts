import type { RebrickableFile } from '../import-rows.ts'
import type { CsvFormat } from './import-format.ts'

/**
 * Rebrickable's catalogue downloads (themes, sets, minifigs, inventories, inventory_minifigs), recognised
 * by their headers (rebrickable.rows.ts has their columns). They are not read as rows: a set needs its
 * theme and a figure its sets, so the Rebrickable importer reads the files together (ADR 013, consequences).
 */
const HEADERS: ReadonlyArray<{ file: RebrickableFile; columns: readonly string[] }> = [
  { file: 'inventory_minifigs', columns: ['inventory_id', 'fig_num', 'quantity'] },
  { file: 'inventories', columns: ['id', 'version', 'set_num'] },
  { file: 'minifigs', columns: ['fig_num', 'name', 'num_parts'] },
  { file: 'sets', columns: ['set_num', 'name', 'year', 'theme_id', 'num_parts'] },
  { file: 'themes', columns: ['id', 'name', 'parent_id'] },
]

const fileOf = (columns: ReadonlySet<string>) =>
  HEADERS.find((header) => header.columns.every((column) => columns.has(column)))?.file ?? null

export const rebrickableDownloads: CsvFormat = {
  format: 'rebrickable-downloads',
  syntax: 'csv',
  dateOrder: null,
  recognise: (columns) => fileOf(columns) !== null,
  required: () => [],
  rebrickableFile: fileOf,
  mapper: () => () => [],
}
