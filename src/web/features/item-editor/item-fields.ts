/**
 * An item's facts as the item forms hold them (Add Item, Edit Item, and the create step of Add to
 * Collection), checked field by field by the contract's own schemas (spec 01 §5, spec 02 §5).
 */
import { z } from 'zod'
import { itemFieldSchemas } from '#shared/contract/catalogue.ts'
import { itemTypeSchema } from '#shared/contract/common.ts'
import type { ItemType } from '#shared/contract/values.ts'
import { optionalNumberInput, optionalTextInput } from '#web/lib/form-schemas.ts'

export type { ItemType }

export const YEAR_MIN = 1950
export const PIECES_MIN = 1
export const MINIFIGURES_MIN = 0

/** The number's label on the catalogue's item screens. */
export function numberLabel(type: ItemType): string {
  return type === 'set' ? 'Set Number' : 'Minifigure Code'
}

/** The facts as the inputs hold them: text. */
export interface ItemFieldValues {
  type: ItemType
  name: string
  number: string
  theme: string
  year: string
  imageUrl: string
  pieces: string
  minifigures: string
}

/** The checks of each fact; pieces and minifigures are a set's only (see `forItemType`). */
export function itemFieldsShape() {
  return {
    type: itemTypeSchema,
    name: z.string().pipe(itemFieldSchemas.name),
    // An empty number is sent as null and refused with the contract's 'Item number is required'.
    number: optionalTextInput(itemFieldSchemas.number),
    theme: z.string().pipe(itemFieldSchemas.theme),
    year: optionalNumberInput(itemFieldSchemas.year),
    pieces: optionalNumberInput(itemFieldSchemas.pieces),
    minifigures: optionalNumberInput(itemFieldSchemas.minifigures),
    imageUrl: optionalTextInput(itemFieldSchemas.imageUrl),
  }
}

/** A minifigure's values without what only a set has, left in the boxes from before a type change. */
export function forItemType<Values extends ItemFieldValues & { originalMsrp?: string }>(
  values: Values,
): Values {
  if (values.type === 'set') return values
  return {
    ...values,
    pieces: '',
    minifigures: '',
    ...(values.originalMsrp === undefined ? {} : { originalMsrp: '' }),
  }
}
