/** The catalogue feature's public face: what the item screens use, never its internals. */
export { ThemeBadge, themeTags } from './components/theme-badge.tsx'
export {
  catalogueQueries,
  invalidateCatalogue,
  useItemDetail,
  useThemes,
} from './queries.ts'
export { noMsrpLabel, retailText } from './retail-label.ts'
