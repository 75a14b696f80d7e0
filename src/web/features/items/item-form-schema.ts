/**
 * The add and edit item form's checks. Apart from item-form.ts because the form loads them on its first
 * check (lib/lazy-zod-resolver.ts).
 */
import { z } from 'zod'
import { itemFieldSchemas } from '#shared/contract/catalogue.ts'
import { forItemType, itemFieldsShape } from '#web/features/item-editor/index.ts'
import { optionalAmountInput } from '#web/lib/form-schemas.ts'
import type { ItemFormValues } from './item-form.ts'

/** The form's schema: each field's text piped into the contract's schema for it. */
export function itemFormSchema() {
  return z
    .custom<ItemFormValues>()
    .transform(forItemType)
    .pipe(
      z.object({ ...itemFieldsShape(), originalMsrp: optionalAmountInput(itemFieldSchemas.originalMsrp) }),
    )
}
