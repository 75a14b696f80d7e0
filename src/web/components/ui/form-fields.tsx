/**
 * One-line form fields for react-hook-form (inside a FormProvider): the label, the control, its hint
 * and its message, wired to the form by name. The message is the form's error for that name, the
 * schema's or one set from the server's answer.
 */
import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react'
import { get, useController, useFormContext, useFormState } from 'react-hook-form'
import { cn } from '#web/lib/cn.ts'
import { NOT_A_NUMBER } from '#web/lib/number-input.ts'
import { Field, inputClasses } from './form-field.tsx'

export interface FieldFrameProps {
  name: string
  label: string
  hint?: string
  optional?: boolean
  /** Classes of the field (label, control and message together), e.g. its grid span. */
  className?: string
  /** Under the control, e.g. which currency an amount is in. */
  note?: ReactNode
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'className' | 'value' | 'defaultValue' | 'onChange' | 'onInput' | 'prefix'
> & { inputClassName?: string }

function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name })
  return (get(errors, name) as { message?: string } | undefined)?.message
}

type Ids = { id: string; describedBy: string | undefined; invalid: boolean }

/** Splits a field's props into its frame's and its control's. */
function splitFrame<Rest>({
  name,
  label,
  hint,
  optional,
  className,
  note,
  ...rest
}: FieldFrameProps & Rest): [FieldFrameProps, Omit<Rest, keyof FieldFrameProps>] {
  return [{ name, label, hint, optional, className, note }, rest]
}

/** A field's frame: its label, hint and note, and the form's message for its name. */
export function FieldFrame({
  name,
  label,
  hint,
  optional,
  className,
  note,
  children,
}: FieldFrameProps & { children: (ids: Ids) => ReactNode }) {
  const error = useFieldError(name)
  return (
    <Field label={label} hint={hint} optional={optional} error={error} className={className}>
      {(ids) => (
        <>
          {children(ids)}
          {note ? <p className="text-subtle text-xs">{note}</p> : null}
        </>
      )}
    </Field>
  )
}

/** A text input (also e-mail, URL, date); `after`: elements beside it, e.g. its datalist. */
export function TextField(props: FieldFrameProps & InputProps & { after?: ReactNode }) {
  const [frame, { after, inputClassName, ...input }] = splitFrame(props)
  const { register } = useFormContext()
  return (
    <FieldFrame {...frame}>
      {({ id, describedBy, invalid }) => (
        <>
          <input
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={cn(inputClasses, inputClassName)}
            {...input}
            {...register(frame.name)}
          />
          {after}
        </>
      )}
    </FieldFrame>
  )
}

const readNumber = (input: HTMLInputElement) => (input.validity.badInput ? NOT_A_NUMBER : input.value)

/**
 * A number input, its value kept as text. Text the browser cannot read as a number (e.g. 'e') leaves
 * the input's value empty and React reports no change, so the input event records it as NOT_A_NUMBER
 * for the schema to name. `prefix`: a currency symbol shown inside the box.
 */
export function NumberField(props: FieldFrameProps & InputProps & { prefix?: string }) {
  const [frame, { prefix, inputClassName, ...input }] = splitFrame(props)
  const { field } = useController({ name: frame.name })
  const padding = !prefix ? undefined : prefix.length <= 1 ? 'pl-7' : prefix.length === 2 ? 'pl-9' : 'pl-12'
  const control = ({ id, describedBy, invalid }: Ids) => (
    <input
      id={id}
      type="number"
      inputMode="decimal"
      aria-describedby={describedBy}
      aria-invalid={invalid}
      className={cn(inputClasses, padding, 'tabular', inputClassName)}
      {...input}
      name={field.name}
      ref={field.ref}
      value={field.value === NOT_A_NUMBER ? '' : (field.value as string)}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(readNumber(event.currentTarget))}
      onInput={(event: FormEvent<HTMLInputElement>) => {
        if (event.currentTarget.validity.badInput !== (field.value === NOT_A_NUMBER))
          field.onChange(readNumber(event.currentTarget))
      }}
    />
  )
  return (
    <FieldFrame {...frame}>
      {(ids) =>
        prefix ? (
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted text-sm"
            >
              {prefix}
            </span>
            {control(ids)}
          </div>
        ) : (
          control(ids)
        )
      }
    </FieldFrame>
  )
}

/** Moves focus to the first field with a message (by its data-field or name), after a failed submit. */
export function focusField(form: HTMLFormElement | null, field: string | undefined): void {
  if (!form || !field) return
  const target =
    form.querySelector<HTMLElement>(`[data-field="${field}"] button, [data-field="${field}"] input`) ??
    form.querySelector<HTMLElement>(`[name="${field}"]:not([aria-hidden="true"])`)
  target?.focus()
}
