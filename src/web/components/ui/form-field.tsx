import { type ReactNode, useId } from 'react'
import { cn } from '#web/lib/cn.ts'

export const inputClasses =
  'h-11 w-full rounded-lg border border-line-strong bg-canvas px-3 text-fg text-base placeholder:text-subtle transition-colors sm:text-sm ' +
  'hover:border-muted focus-visible:border-brick-yellow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brick-yellow/40 ' +
  'aria-[invalid=true]:border-[#ff6b6d] disabled:cursor-not-allowed disabled:opacity-60'

interface FieldProps {
  label: string
  /** Shown under the field in red; links to the control through aria-describedby. */
  error?: string
  hint?: string
  optional?: boolean
  className?: string
  /** Renders the control with the ids it must carry. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}

/** A labelled form control with its hint and validation message. */
export function Field({ label, error, hint, optional, className, children }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-fg text-sm">
        {label}
        {optional ? <span className="ml-1.5 font-normal text-subtle text-xs">(optional)</span> : null}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && !error ? (
        <p id={hintId} className="text-subtle text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-[#ff8a8c] text-xs">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A form-level error, e.g. the server's answer to a failed sign-in. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-brick-red/70 bg-[#2a0d0e] px-3.5 py-2.5 text-[#ffb3b4] text-sm"
    >
      {children}
    </div>
  )
}
