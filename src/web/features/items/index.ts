/**
 * The item screens' public face: what other features use of them (the moderation screen approves item
 * requests with the same form and refreshes an item's market answers after a review), never the rest.
 */
export { ItemForm } from './components/item-form.tsx'
export { emptyItemFormValues, type ItemFormValues } from './item-form.ts'
export { invalidateMarket } from './market-queries.ts'
export { originallyText } from './market-texts.ts'
