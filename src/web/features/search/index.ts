/** The search feature's public face: other features use the box and the search queries, never its internals. */
export { ItemSearchBox } from './components/item-search-box.tsx'
export { searchQueries, useItemSearch } from './queries.ts'
