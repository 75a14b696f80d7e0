/** The search feature's public face: other features use the box, never its internals. */
export { ItemSearchBox } from './components/item-search-box.tsx'
