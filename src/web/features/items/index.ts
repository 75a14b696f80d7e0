/**
 * The item screens' public face: what other features use of them (the moderation screen approves item
 * requests with the same form), never the rest.
 */
export { ItemForm } from './components/item-form.tsx'
export { emptyItemFormValues, type ItemFormValues } from './item-form.ts'
