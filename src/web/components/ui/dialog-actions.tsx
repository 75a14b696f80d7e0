import { cn } from '#web/lib/cn.ts'
import { type ButtonVariant, buttonClasses } from './button.ts'

/**
 * A form dialog's footer: Cancel (closes it) and the submit button, which says `pendingLabel` while the
 * write is under way; both wait for it. Stacked at 375 px with the submit button on top.
 */
export function DialogActions({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  variant = 'primary',
  className,
}: {
  onCancel: () => void
  pending: boolean
  submitLabel: string
  pendingLabel: string
  variant?: ButtonVariant
  className?: string
}) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-3 border-line border-t pt-5 sm:flex-row sm:justify-end',
        className,
      )}
    >
      <button
        type="button"
        onClick={onCancel}
        disabled={pending}
        className={buttonClasses('secondary', 'md')}
      >
        Cancel
      </button>
      <button type="submit" disabled={pending} className={buttonClasses(variant, 'md')}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </div>
  )
}
