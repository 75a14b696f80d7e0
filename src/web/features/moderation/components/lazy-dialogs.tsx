import { lazy, Suspense, useState } from 'react'
import type { ApproveRequestDialogProps } from './approve-request-dialog.tsx'
import type { ReasonDialogProps } from './reason-dialog.tsx'

const loadReasonDialog = () => import('./reason-dialog.tsx')
const ReasonDialog = lazy(() => loadReasonDialog().then((module) => ({ default: module.ReasonDialog })))
const ApproveRequestDialog = lazy(() =>
  import('./approve-request-dialog.tsx').then((module) => ({ default: module.ApproveRequestDialog })),
)

/** Loads the reason dialog's code ahead of a click (pointed at, or focused): it is there when wanted. */
export const preloadReasonDialog = () => {
  void loadReasonDialog()
}

/** True from the first time `open` is true: a dialog's code loads then, and stays. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}

/**
 * The dialogs of the moderation lists, loaded the first time one opens (a form, its checks and the dialog
 * weigh more than the list itself), so the screen's first load stays within its budget (DESIGN §9).
 */
export function LazyReasonDialog(props: ReasonDialogProps) {
  if (!useOpenedOnce(props.open)) return null
  return (
    <Suspense fallback={null}>
      <ReasonDialog {...props} />
    </Suspense>
  )
}

export function LazyApproveRequestDialog(props: ApproveRequestDialogProps) {
  if (!useOpenedOnce(props.request !== null)) return null
  return (
    <Suspense fallback={null}>
      <ApproveRequestDialog {...props} />
    </Suspense>
  )
}
