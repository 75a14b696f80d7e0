import { zodResolver } from '@hookform/resolvers/zod'
import { LogIn } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { type LoginBody, loginBodySchema } from '#shared/contract/auth.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Field, FormError, inputClasses } from '#web/components/ui/form-field.tsx'
import { authFailureMessage, SIGN_IN_FAILED_MESSAGE, useSignIn } from '../mutations.ts'
import { PasswordInput } from './password-input.tsx'

export function SignInForm() {
  const signIn = useSignIn()
  const form = useForm<LoginBody, unknown, z.output<typeof loginBodySchema>>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState
  const pending = isSubmitting || signIn.isPending

  return (
    <form
      noValidate
      aria-label="Sign in"
      className="grid gap-4"
      onSubmit={form.handleSubmit(async (body) => {
        await signIn.mutateAsync(body).catch(() => undefined)
      })}
    >
      {signIn.isError ? (
        <FormError>{authFailureMessage(signIn.error, SIGN_IN_FAILED_MESSAGE)}</FormError>
      ) : null}
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
      <Field label="Password" error={errors.password?.message}>
        {({ id, describedBy, invalid }) => (
          <PasswordInput
            id={id}
            autoComplete="current-password"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            {...form.register('password')}
          />
        )}
      </Field>
      <button type="submit" disabled={pending} className={buttonClasses('primary', 'lg', 'mt-2 w-full')}>
        <LogIn aria-hidden="true" />
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}
