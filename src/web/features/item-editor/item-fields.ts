/**
 * An item's facts as the item forms hold them (Add Item, Edit Item, and the create step of Add to
 * Collection); item-fields-schema.ts checks them (spec 01 §5, spec 02 §5).
 */
import type { ItemType } from '#shared/contract/values.ts'

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
