import { RowError } from '../cells/row-error.ts'
import { type CatalogueCells, catalogueItemRow } from './catalogue-item.ts'
import type { JsonFormat } from './import-format.ts'
import { guardRow } from './row-guard.ts'

/**
 * The catalogue CSV's fields as JSON: an array of item objects, or `{ "items": [ … ] }`. Keys may be
 * written the spec's way (`item_number`, `original_msrp`) or camel-cased (`itemNumber`, `number`,
 * `originalMsrp`, `msrp`, `imageUrl`); numbers and booleans as JSON values or as plain strings.
 */

/** Each accepted key, without case or underscores, to the spec's name. */
const KEYS: Record<string, keyof CatalogueCells> = {
  itemnumber: 'item_number',
  number: 'item_number',
  name: 'name',
  theme: 'theme',
  year: 'year',
  pieces: 'pieces',
  minifigures: 'minifigures',
  originalmsrp: 'original_msrp',
  msrp: 'original_msrp',
  type: 'type',
  retired: 'retired',
  imageurl: 'image_url',
}

function cellOf(value: unknown, key: string): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  throw new RowError(`${key} must be text or a number`)
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

export const catalogueJson: JsonFormat = {
  format: 'catalogue-json',
  syntax: 'json',
  dateOrder: null,
  mapper: () => (value, line) => {
    const item =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined
    const number = item ? textOf(item.item_number ?? item.itemNumber ?? item.number) : null
    return guardRow(line, { number, name: item ? textOf(item.name) : null }, () => {
      if (!item) throw new RowError('This item is not an object with item_number, name, theme and type')
      const cells: CatalogueCells = {}
      for (const [key, cell] of Object.entries(item)) {
        const name = KEYS[key.toLowerCase().replace(/_/g, '')]
        if (name && cells[name] === undefined) cells[name] = cellOf(cell, key)
      }
      return catalogueItemRow(cells, line)
    })
  },
}
