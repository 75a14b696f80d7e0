import * as Dialog from '@radix-ui/react-dialog'
import { useRef } from 'react'
import { buttonClasses } from './button.ts'
import { useReturnFocus } from './use-return-focus.ts'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  confirmLabel: string
  /** The confirm button's text while the action runs, e.g. 'Deleting...'. */
  pendingLabel: string
  pending: boolean
  onConfirm: () => void
  cancelLabel?: string
  destructive?: boolean
}

/**
 * A confirmation that must be answered (an alert dialog): Escape or Cancel closes it, clicks outside
 * do not, focus starts on Cancel so Enter never confirms by accident, and it stays open while the
 * action runs. Built on the Radix dialog with the alertdialog role.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  cancelLabel = 'Cancel',
  destructive = true,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next)
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/75 backdrop-blur-sm data-[state=open]:motion-safe:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            cancelRef.current?.focus()
          }}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line-strong bg-surface p-6 shadow-2xl shadow-black/70 outline-none data-[state=open]:motion-safe:animate-[dialog-in_180ms_ease-out]"
        >
          <Dialog.Title className="font-bold text-lg">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-pretty text-muted text-sm">
            {description}
          </Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <button
                ref={cancelRef}
                type="button"
                disabled={pending}
                className={buttonClasses('secondary', 'md')}
              >
                {cancelLabel}
              </button>
            </Dialog.Close>
            <button
              type="button"
              onClick={onConfirm}
              disabled={pending}
              className={buttonClasses(destructive ? 'danger' : 'primary', 'md')}
            >
              {pending ? pendingLabel : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
