import { useId } from 'react'
import { toast } from '#web/components/ui/toast-store.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useUpdateProfile } from '#web/lib/auth/use-update-profile.ts'
import { cn } from '#web/lib/cn.ts'
import { TOASTS } from '../collection-toasts.ts'

/**
 * "Value unpriced items at retail" (issue 12): the user's choice, saved with the profile and the same on
 * every screen. The profile mutation refreshes every answer valued by it.
 */
export function RetailEstimateSwitch({ className }: { className?: string }) {
  const { user } = useSession()
  const save = useUpdateProfile({
    onError: (error) => {
      console.error(error)
      toast({ ...TOASTS.estimateFailed, variant: 'destructive' })
    },
  })
  const hintId = useId()
  if (!user) return null
  const checked = save.sent?.valueUnpricedAtRetail ?? user.valueUnpricedAtRetail
  return (
    <label className={cn('flex cursor-pointer items-start gap-3 text-sm', className)}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="peer sr-only"
        checked={checked}
        disabled={save.isPending}
        aria-describedby={hintId}
        onChange={(event) => save.mutate({ valueUnpricedAtRetail: event.target.checked })}
      />
      <span
        aria-hidden="true"
        className="relative mt-0.5 h-5 w-9 shrink-0 rounded-full border border-line-strong bg-raised transition-colors after:absolute after:top-0.5 after:left-0.5 after:size-3.5 after:rounded-full after:bg-muted after:transition-transform peer-checked:border-brick-yellow peer-checked:bg-brick-yellow/25 peer-checked:after:translate-x-4 peer-checked:after:bg-brick-yellow peer-focus-visible:outline-2 peer-focus-visible:outline-brick-yellow peer-focus-visible:outline-offset-2 peer-disabled:opacity-60"
      />
      <span className="min-w-0">
        <span className="block font-medium text-fg">Value unpriced items at retail</span>
        <span id={hintId} className="block text-muted text-xs">
          Items with no market price yet count at their retail price, converted at today’s rate, and are
          marked as estimates.
        </span>
      </span>
    </label>
  )
}
