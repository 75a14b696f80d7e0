import * as ToastPrimitive from '@radix-ui/react-toast'
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { cn } from '#web/lib/cn.ts'
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastVariant } from './toast-store.ts'
import { useToast } from './use-toast.ts'

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-line-strong bg-raised text-fg',
  success: 'border-brick-green/70 bg-raised text-fg',
  destructive: 'border-brick-red bg-[#2a0d0e] text-fg',
}

const variantIcons = {
  default: <Info aria-hidden="true" className="size-5 text-brick-blue-bright" />,
  success: <CircleCheck aria-hidden="true" className="size-5 text-[#4ade80]" />,
  destructive: <CircleAlert aria-hidden="true" className="size-5 text-[#ff6b6d]" />,
}

/**
 * The toast area (spec 01 §9): one toast at a time, 5 s each, swipe right past 50 px to dismiss,
 * F8 focuses the area, at most 420px wide.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast()
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismiss(id)
          }}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={variant}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-2xl shadow-black/60',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[state=open]:motion-safe:animate-[toast-in_180ms_ease-out] data-[state=closed]:motion-safe:animate-[toast-out_150ms_ease-in_forwards] data-[swipe=end]:motion-safe:animate-[toast-swipe-out_120ms_ease-out_forwards]',
            variantClasses[variant],
          )}
        >
          <span className="mt-0.5 shrink-0">{variantIcons[variant]}</span>
          <div className="grid min-w-0 gap-1">
            <ToastPrimitive.Title className="font-semibold text-sm">{title}</ToastPrimitive.Title>
            {description ? (
              <ToastPrimitive.Description className="text-muted text-sm">
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute top-2.5 right-2.5 rounded-md p-1 text-muted transition-colors hover:bg-line hover:text-fg"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* aria-live="off": a modal dialog hides the rest of the page from assistive technology but
          keeps [aria-live] nodes, so a toast raised while a dialog is open (a failed save) can still
          be reached; Radix announces each toast itself, so the list stays silent. */}
      <ToastPrimitive.Viewport
        aria-live="off"
        hotkey={['F8']}
        label="Notifications ({hotkey})"
        className="pointer-events-none fixed right-0 bottom-16 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none md:top-auto md:bottom-0"
      />
    </ToastPrimitive.Provider>
  )
}
