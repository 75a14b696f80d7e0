import type { LucideIcon } from 'lucide-react'
import { type ReactNode, Suspense, useState } from 'react'
import { type ButtonVariant, buttonClasses } from './button.ts'

interface DialogButtonProps {
  label: string
  icon: LucideIcon
  variant?: ButtonVariant
  className?: string
  /** Loads the dialog's code: called as the button is pointed at or focused, so a click opens it at once. */
  preload: () => void
  /** The dialog (a lazy component), rendered from the first click on and then kept mounted. */
  dialog: (state: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode
}

/**
 * A button that opens a dialog whose code loads the first time it is wanted (forms bring the form library
 * and the contract's schemas). Once opened the dialog stays mounted, so a draft survives closing it by mistake.
 */
export function DialogButton({
  label,
  icon: Icon,
  variant = 'secondary',
  className,
  preload,
  dialog,
}: DialogButtonProps) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  return (
    <>
      <button
        type="button"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
        className={buttonClasses(variant, 'md', className)}
      >
        <Icon aria-hidden="true" />
        {label}
      </button>
      {wanted ? <Suspense fallback={null}>{dialog({ open, onOpenChange: setOpen })}</Suspense> : null}
    </>
  )
}
