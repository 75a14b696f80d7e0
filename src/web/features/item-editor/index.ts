/**
 * The item editor's public face: the item fields of Add Item, Edit Item and Add to Collection's create
 * step, and their checks. Apart from the catalogue's index so the screens that only show items never
 * load the form code.
 */
export { ItemFields, MSRP_HINT } from './components/item-fields.tsx'
export {
  forItemType,
  type ItemFieldValues,
  type ItemType,
  numberLabel,
} from './item-fields.ts'
export { itemFieldsShape } from './item-fields-schema.ts'
