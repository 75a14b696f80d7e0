import { lazy, Suspense, useState } from 'react'
import type { AddCollectionFlowProps } from './add-collection-flow.tsx'
import type { AddToCollectionDialogProps } from './add-to-collection-dialog.tsx'

const AddToCollection = lazy(() =>
  import('./add-to-collection-dialog.tsx').then((module) => ({ default: module.AddToCollectionDialog })),
)
const Flow = lazy(() =>
  import('./add-collection-flow.tsx').then((module) => ({ default: module.AddCollectionFlow })),
)

/** True from the first time `open` is true: a dialog's code loads then, and stays. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}

/**
 * Add to Collection, variant A, for one item (spec 01 §2). Renders nothing without an item; its code
 * (the form and its rules) loads the first time it opens, so the screens offering it stay light.
 */
export function LazyAddToCollectionDialog(props: AddToCollectionDialogProps) {
  const opened = useOpenedOnce(props.open)
  if (!props.item || !opened) return null
  return (
    <Suspense fallback={null}>
      <AddToCollection {...props} />
    </Suspense>
  )
}

/** Add to Collection, variant B (search, details, create), loaded the first time it opens. */
export function LazyAddCollectionFlow(props: AddCollectionFlowProps) {
  const opened = useOpenedOnce(props.open)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <Flow {...props} />
    </Suspense>
  )
}
