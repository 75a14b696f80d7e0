import { zodResolver } from '@hookform/resolvers/zod'
import { UserPlus } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { type RegisterBody, registerBodySchema } from '#shared/contract/auth.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Field, FormError, inputClasses } from '#web/components/ui/form-field.tsx'
import { authFailureMessage, SIGN_UP_FAILED_MESSAGE, useSignUp } from '../mutations.ts'
import { PasswordInput } from './password-input.tsx'

export function SignUpForm() {
  const signUp = useSignUp()
  const form = useForm<RegisterBody, unknown, z.output<typeof registerBodySchema>>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState
  const pending = isSubmitting || signUp.isPending

  return (
    <form
      noValidate
      aria-label="Create account"
      className="grid gap-4"
      onSubmit={form.handleSubmit(async (body) => {
        await signUp.mutateAsync(body).catch(() => undefined)
      })}
    >
      {signUp.isError ? (
        <FormError>{authFailureMessage(signUp.error, SIGN_UP_FAILED_MESSAGE)}</FormError>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" optional error={errors.firstName?.message}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              autoComplete="given-name"
              maxLength={100}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={inputClasses}
              {...form.register('firstName')}
            />
          )}
        </Field>
        <Field label="Last name" optional error={errors.lastName?.message}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              autoComplete="family-name"
              maxLength={100}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={inputClasses}
              {...form.register('lastName')}
            />
          )}
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClasses}
            {...form.register('email')}
          />
        )}
      </Field>
      <Field label="Password" hint="At least 8 characters" error={errors.password?.message}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput
            id={id}
            autoComplete="new-password"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            {...form.register('password')}
          />
        )}
      </Field>
      <button type="submit" disabled={pending} className={buttonClasses('primary', 'lg', 'mt-2 w-full')}>
        <UserPlus aria-hidden="true" />
        {pending ? 'Creating account…' : 'Create account'}
      </button>
    </form>
  )
}
