import { UserPlus } from 'lucide-react'
import { FormProvider, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { RegisterBody, registerBodySchema } from '#shared/contract/auth.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { FormError } from '#web/components/ui/form-field.tsx'
import { TextField } from '#web/components/ui/form-fields.tsx'
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts'
import { authFailureMessage, SIGN_UP_FAILED_MESSAGE, useSignUp } from '../mutations.ts'
import { PasswordField } from './password-input.tsx'

const resolver = lazyZodResolver(() =>
  import('#shared/contract/auth.ts').then((contract) => contract.registerBodySchema),
)

export function SignUpForm() {
  const signUp = useSignUp()
  const form = useForm<RegisterBody, unknown, z.output<typeof registerBodySchema>>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  })
  const { isSubmitting } = form.formState
  const pending = isSubmitting || signUp.isPending

  return (
    <FormProvider {...form}>
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
          <TextField name="firstName" label="First name" optional autoComplete="given-name" maxLength={100} />
          <TextField name="lastName" label="Last name" optional autoComplete="family-name" maxLength={100} />
        </div>
        <TextField name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
        <PasswordField label="Password" hint="At least 8 characters" autoComplete="new-password" />
        <button type="submit" disabled={pending} className={buttonClasses('primary', 'lg', 'mt-2 w-full')}>
          <UserPlus aria-hidden="true" />
          {pending ? 'Creating account…' : 'Create account'}
        </button>
      </form>
    </FormProvider>
  )
}
