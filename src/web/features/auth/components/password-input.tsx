import { Eye, EyeOff } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { useFormContext } from 'react-hook-form'
import { inputClasses } from '#web/components/ui/form-field.tsx'
import { FieldFrame } from '#web/components/ui/form-fields.tsx'

/** A password box with a show/hide toggle. */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`${inputClasses} pr-11`} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted transition-colors hover:text-fg"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  )
}

/** The form's `password` field (inside its FormProvider), as the other one-line fields. */
export function PasswordField({
  label,
  hint,
  autoComplete,
}: {
  label: string
  hint?: string
  autoComplete: 'current-password' | 'new-password'
}) {
  const { register } = useFormContext<{ password: string }>()
  return (
    <FieldFrame name="password" label={label} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <PasswordInput
          id={id}
          autoComplete={autoComplete}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          {...register('password')}
        />
      )}
    </FieldFrame>
  )
}
