/**
 * The collection feature's public face. The item page opens variant A of Add to Collection:
 *
 *   import { AddToCollectionDialog } from '#web/collection/index.ts'
 *   <AddToCollectionDialog item={{ id, type, number, name, imageUrl, originalMsrp }} open={open} onOpenChange={setOpen} />
 *
 * Both dialogs are exported as light wrappers whose code loads when they first open.
 */

export type { AddCollectionFlowProps } from './components/add-collection-flow.tsx'
export type {
  AddToCollectionDialogProps,
  AddToCollectionItem,
} from './components/add-to-collection-dialog.tsx'
export { EntryRow } from './components/entry-row.tsx'
export { EntryValue } from './components/entry-value.tsx'
export {
  LazyAddCollectionFlow as AddCollectionFlow,
  LazyAddToCollectionDialog as AddToCollectionDialog,
} from './components/lazy-dialogs.tsx'
export { RetailEstimateSwitch } from './components/retail-estimate-switch.tsx'
export { SignedChange } from './components/signed-change.tsx'
export {
  collectionQueries,
  invalidateCollection,
  MOST_VALUABLE_QUERY,
  RECENT_QUERY,
  useCollectionPage,
} from './queries.ts'
export { capitalized, estimateNote, unknownCostNote, unpricedNote } from './valuation-notes.ts'
