import { readText } from '../cells/number-cells.ts'
import { catalogueItemRow } from './catalogue-item.ts'
import type { CsvFormat } from './import-format.ts'
import { guardRow } from './row-guard.ts'

/**
 * The spec's catalogue CSV (CATALOGUE_CSV_HEADER in shared/import-formats.ts). item_number, name, theme and type are needed; year,
 * pieces, minifigures, original_msrp, retired and image_url may be left out (their values may be empty
 * anyway). The retail price's currency is the import's choice unless the cell carries a symbol.
 */
export const catalogueCsv: CsvFormat = {
  format: 'catalogue-csv',
  syntax: 'csv',
  dateOrder: null,
  recognise: (columns) => columns.has('item_number'),
  required: () => ['item_number', 'name', 'theme', 'type'],
  mapper: () => (row, line) =>
    guardRow(line, { number: readText(row.item_number), name: readText(row.name) }, () =>
      catalogueItemRow(
        {
          item_number: row.item_number,
          name: row.name,
          theme: row.theme,
          year: row.year,
          pieces: row.pieces,
          minifigures: row.minifigures,
          original_msrp: row.original_msrp,
          type: row.type,
          retired: row.retired,
          image_url: row.image_url,
        },
        line,
      ),
    ),
}
