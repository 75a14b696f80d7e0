/** The catalogue feature's public face: the item resource and what the item screens use, never its internals. */
export { ConditionField } from './components/condition-field.tsx'
export { ThemeBadge, themeTags } from './components/theme-badge.tsx'
export { createItem, onItemCreated, useCreateItem, useDeleteItem, useUpdateItem } from './mutations.ts'
export { prefetchItemScreen, prefetchMinifiguresScreen, prefetchSetsScreen } from './prefetch.ts'
export {
  conditionQueries,
  invalidateCatalogue,
  itemQueries,
  SEARCH_LIMIT,
  themeQueries,
  useConditions,
  useItemDetail,
  useItemSearch,
  useThemeNames,
  useThemes,
} from './queries.ts'
export { noMsrpLabel, retailLine, retailText, useRetailText } from './retail-label.ts'
