import { LogIn } from 'lucide-react'
import { FormProvider, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { LoginBody, loginBodySchema } from '#shared/contract/auth.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { FormError } from '#web/components/ui/form-field.tsx'
import { TextField } from '#web/components/ui/form-fields.tsx'
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts'
import { authFailureMessage, SIGN_IN_FAILED_MESSAGE, useSignIn } from '../mutations.ts'
import { PasswordField } from './password-input.tsx'

const resolver = lazyZodResolver(() =>
  import('#shared/contract/auth.ts').then((contract) => contract.loginBodySchema),
)

export function SignInForm() {
  const signIn = useSignIn()
  const form = useForm<LoginBody, unknown, z.output<typeof loginBodySchema>>({
    resolver,
    defaultValues: { email: '', password: '' },
  })
  const { isSubmitting } = form.formState
  const pending = isSubmitting || signIn.isPending

  return (
    <FormProvider {...form}>
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
        <TextField name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
        <PasswordField label="Password" autoComplete="current-password" />
        <button type="submit" disabled={pending} className={buttonClasses('primary', 'lg', 'mt-2 w-full')}>
          <LogIn aria-hidden="true" />
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </FormProvider>
  )
}
