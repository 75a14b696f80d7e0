import { lazy, Suspense, useState } from 'react'
import type { Post } from '#shared/contract/community.ts'
import type { ConfirmDialogProps } from '#web/components/ui/confirm-dialog.tsx'
import type { ReportDialogProps } from './report-dialog.tsx'

/**
 * The parts of a post that only some readers open (the delete confirmation, the report form, the
 * comments), loaded the first time they are wanted: a feed's first screen carries only the posts
 * (DESIGN §9).
 */
const ConfirmDialog = lazy(() =>
  import('#web/components/ui/confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
)
const ReportDialog = lazy(() =>
  import('./report-dialog.tsx').then((module) => ({ default: module.ReportDialog })),
)
const PostDialog = lazy(() => import('./post-dialog.tsx').then((module) => ({ default: module.PostDialog })))
const loadComments = () => import('./comments-panel.tsx')
const CommentsPanel = lazy(() => loadComments().then((module) => ({ default: module.CommentsPanel })))

/** Starts loading the comments' code ahead of a click (pointed at, or focused). */
export const preloadComments = () => {
  void loadComments()
}

/** True from the first time `open` is true: a dialog's code loads then, and stays for its closing. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}

export function LazyConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  )
}

export function LazyReportDialog(props: ReportDialogProps) {
  if (!useOpenedOnce(props.open)) return null
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  )
}

export function LazyCommentsPanel(props: { postId: number; postLabel: string; id: string }) {
  return (
    <div id={props.id}>
      <Suspense
        fallback={
          <p className="border-line border-t px-4 py-3 text-muted text-sm sm:px-5">Loading comments…</p>
        }
      >
        <CommentsPanel postId={props.postId} postLabel={props.postLabel} />
      </Suspense>
    </div>
  )
}

/** A post opened from a grid; its dialog loads the first time one is opened. */
export function LazyPostDialog(props: { post: Post | undefined; onClose: () => void }) {
  if (!useOpenedOnce(props.post !== undefined)) return null
  return (
    <Suspense fallback={null}>
      <PostDialog {...props} />
    </Suspense>
  )
}
