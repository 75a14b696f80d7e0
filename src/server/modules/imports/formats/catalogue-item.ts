import type { z } from 'zod'
import { itemFieldSchemas } from '#shared/contract/catalogue.ts'
import { readMoney } from '../cells/money-cell.ts'
import { readBoolean, readInteger, readText } from '../cells/number-cells.ts'
import { RowError } from '../cells/row-error.ts'
import type { CatalogueItemRow } from '../import-rows.ts'

/**
 * One catalogue item from the spec's CSV (item_number,name,theme,year,pieces,minifigures,original_msrp,
 * type,retired) or the same fields as JSON, checked field by field with the item form's own rules and
 * messages (contract/catalogue.ts), so a file and the form refuse the same things in the same words.
 */

/** The item's fields as the file's cells, by their spec names. */
export interface CatalogueCells {
  item_number?: string
  name?: string
  theme?: string
  year?: string
  pieces?: string
  minifigures?: string
  original_msrp?: string
  type?: string
  retired?: string
  image_url?: string
}

function check<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value)
  if (!result.success) throw new RowError(result.error.issues[0]?.message ?? 'is not valid')
  return result.data
}

const TYPES: Record<string, CatalogueItemRow['type']> = {
  set: 'set',
  minifig: 'minifig',
  minifigure: 'minifig',
}

export function catalogueItemRow(cells: CatalogueCells, line: number): CatalogueItemRow {
  const typeText = (cells.type ?? '').trim().toLowerCase()
  const type = TYPES[typeText]
  if (!type)
    throw new RowError(
      typeText ? `type "${cells.type?.trim()}" must be set or minifig` : 'type must be set or minifig',
    )
  return {
    kind: 'catalogue-item',
    line,
    type,
    number: check(itemFieldSchemas.number, cells.item_number ?? ''),
    name: check(itemFieldSchemas.name, cells.name ?? ''),
    theme: check(itemFieldSchemas.theme, cells.theme ?? ''),
    year: check(itemFieldSchemas.year, readInteger(cells.year, 'year')) ?? null,
    pieces: check(itemFieldSchemas.pieces, readInteger(cells.pieces, 'pieces')) ?? null,
    minifigures: check(itemFieldSchemas.minifigures, readInteger(cells.minifigures, 'minifigures')) ?? null,
    imageUrl: check(itemFieldSchemas.imageUrl, readText(cells.image_url)) ?? null,
    msrp: readMoney(cells.original_msrp, { column: 'original_msrp' }),
    retired: readBoolean(cells.retired, 'retired'),
  }
}
