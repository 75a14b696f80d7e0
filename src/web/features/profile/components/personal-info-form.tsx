import { FormProvider, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { User } from '#shared/contract/auth.ts'
import { PROFILE_TYPES } from '#shared/profile-types.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Field, inputClasses } from '#web/components/ui/form-field.tsx'
import { TextField } from '#web/components/ui/form-fields.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { useToast } from '#web/components/ui/use-toast.ts'
import { useUpdateProfile } from '#web/lib/auth/use-update-profile.ts'
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts'
import {
  PROFILE_SAVE_FAILED,
  PROFILE_SAVED,
  type ProfileFormValues,
  profileFormValues,
  profileUpdateBody,
} from '../profile-form.ts'
import type { profileFormSchema } from '../profile-form-schema.ts'

const PROFILE_TYPE_OPTIONS = PROFILE_TYPES.map((type) => ({
  value: type.id,
  label: type.title,
  description: type.description,
}))

const resolver = lazyZodResolver(() =>
  import('../profile-form-schema.ts').then((module) => module.profileFormSchema),
)

/** The Personal Information card's edit form; it starts from the saved values each time it opens. */
export function PersonalInfoForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { toast } = useToast()
  const form = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver,
    defaultValues: profileFormValues(user),
  })

  const save = useUpdateProfile({
    onSuccess: () => {
      toast({ ...PROFILE_SAVED, variant: 'success' })
      onDone()
    },
    onError: (error) => {
      console.error(error)
      toast({ ...PROFILE_SAVE_FAILED, variant: 'destructive' })
    },
  })

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Edit personal information"
        className="mt-5 grid gap-4"
        onSubmit={form.handleSubmit((values) => save.mutate(profileUpdateBody(values)))}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="firstName" label="First name" autoComplete="given-name" maxLength={100} />
          <TextField name="lastName" label="Last name" autoComplete="family-name" maxLength={100} />
        </div>
        <SelectField
          name="profileType"
          label="Profile type"
          placeholder="Select a profile type"
          options={PROFILE_TYPE_OPTIONS}
        />
        <Field label="Email" hint="Your sign-in address can't be changed here.">
          {({ id, describedBy }) => (
            <input
              id={id}
              readOnly
              value={user.email ?? ''}
              aria-describedby={describedBy}
              className={`${inputClasses} cursor-default border-line bg-surface text-muted hover:border-line`}
            />
          )}
        </Field>
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onDone}
            disabled={save.isPending}
            className={buttonClasses('secondary', 'md')}
          >
            Cancel
          </button>
          <button type="submit" disabled={save.isPending} className={buttonClasses('primary', 'md')}>
            {save.isPending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>
    </FormProvider>
  )
}
