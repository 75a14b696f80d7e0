/**
 * The item facts' checks: each field's text piped into the contract's own schema for it. Apart from
 * item-fields.ts so that the forms load zod and the contract's schemas on their first check, not with
 * the screen (lib/lazy-zod-resolver.ts).
 */
import { z } from 'zod'
import { itemFieldSchemas } from '#shared/contract/catalogue.ts'
import { itemTypeSchema } from '#shared/contract/common.ts'
import { optionalNumberInput, optionalTextInput } from '#web/lib/form-schemas.ts'

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
