/** The catalogue feature's public face: the item resource and what the item screens use, never its internals. */
export { ItemFields, MSRP_HINT } from './components/item-fields.tsx'
export { ThemeBadge, themeTags } from './components/theme-badge.tsx'
export {
  forItemType,
  type ItemFieldValues,
  type ItemType,
  itemFieldsShape,
  numberLabel,
} from './item-fields.ts'
export { createItem, onItemCreated, useCreateItem, useDeleteItem, useUpdateItem } from './mutations.ts'
export {
  conditionQueries,
  type ItemCategory,
  invalidateCatalogue,
  itemQueries,
  themeQueries,
  useConditions,
  useItemDetail,
  useThemeNames,
  useThemes,
} from './queries.ts'
export { noMsrpLabel, retailText } from './retail-label.ts'
