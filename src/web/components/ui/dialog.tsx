import * as DialogPrimitive from '@radix-ui/react-dialog'
import { ArrowLeft, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'
import { useReturnFocus } from './use-return-focus.ts'

interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  /** A line under the title; also the dialog's accessible description. */
  description?: ReactNode
  /** Shows a back arrow before the title (e.g. a step back to a search). */
  onBack?: () => void
  backLabel?: string
  /** Keeps the dialog open (Escape, outside clicks and the close button do nothing), e.g. while saving. */
  busy?: boolean
  size?: 'md' | 'lg'
  children: ReactNode
  className?: string
}

/**
 * A modal dialog on the Radix primitive: focus is trapped and returns to the opener, Escape and the
 * close button dismiss it. Tall content scrolls inside the dialog, so it fits a 375 px phone.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  onBack,
  backLabel = 'Back',
  busy = false,
  size = 'md',
  children,
  className,
}: DialogProps) {
  const returnFocus = useReturnFocus(open)
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!busy || next) onOpenChange(next)
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/75 backdrop-blur-sm data-[state=open]:motion-safe:animate-[fade-in_150ms_ease-out]" />
        <DialogPrimitive.Content
          // Without a description, say so explicitly (Radix otherwise warns about a missing one).
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-line-strong bg-surface shadow-2xl shadow-black/70 outline-none data-[state=open]:motion-safe:animate-[dialog-in_180ms_ease-out]',
            size === 'lg' ? 'max-w-2xl' : 'max-w-lg',
            className,
          )}
        >
          <div className="flex items-start gap-2 border-line border-b px-5 py-4 sm:px-6">
            {onBack ? (
              <button
                type="button"
                onClick={onBack}
                disabled={busy}
                aria-label={backLabel}
                className="-ml-2 rounded-lg p-1.5 text-muted transition-colors hover:bg-raised hover:text-fg disabled:opacity-50"
              >
                <ArrowLeft aria-hidden="true" className="size-5" />
              </button>
            ) : null}
            <div className="min-w-0 flex-1">
              <DialogPrimitive.Title className="font-bold text-lg leading-tight">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="mt-1 text-muted text-sm">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogPrimitive.Close
              aria-label="Close"
              disabled={busy}
              className="-mr-2 rounded-lg p-1.5 text-muted transition-colors hover:bg-raised hover:text-fg disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
