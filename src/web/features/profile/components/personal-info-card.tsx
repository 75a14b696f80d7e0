import { zodResolver } from '@hookform/resolvers/zod'
import { Pencil } from 'lucide-react'
import { useEffect, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { User } from '#shared/contract/auth.ts'
import { PROFILE_TYPES } from '#shared/profile-types.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { Field, inputClasses } from '#web/components/ui/form-field.tsx'
import { TextField } from '#web/components/ui/form-fields.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { useToast } from '#web/components/ui/use-toast.ts'
import { useUpdateProfile } from '#web/lib/auth/use-update-profile.ts'
import {
  PROFILE_SAVE_FAILED,
  PROFILE_SAVED,
  type ProfileFormValues,
  profileFormSchema,
  profileFormValues,
  profileTypeTitle,
  profileUpdateBody,
} from '../profile-form.ts'

const PROFILE_TYPE_OPTIONS = PROFILE_TYPES.map((type) => ({
  value: type.id,
  label: type.title,
  description: type.description,
}))

/** Personal Information with a view/edit toggle (spec 01 §2); e-mail is read-only. */
export function PersonalInfoCard({ user }: { user: User }) {
  // A user without a first name lands straight in edit mode.
  const [editing, setEditing] = useState(() => !user.firstName)
  const { toast } = useToast()
  const form = useForm<ProfileFormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(user),
  })

  // Outside edit mode the form mirrors the saved values, which may change (re-checks, other tabs).
  const { firstName, lastName, profileType } = user
  useEffect(() => {
    if (!editing) form.reset(profileFormValues({ firstName, lastName, profileType }))
  }, [editing, firstName, lastName, profileType, form])

  const save = useUpdateProfile({
    onSuccess: () => {
      toast({ ...PROFILE_SAVED, variant: 'success' })
      setEditing(false)
    },
    onError: (error) => {
      console.error(error)
      toast({ ...PROFILE_SAVE_FAILED, variant: 'destructive' })
    },
  })

  const cancel = () => {
    form.reset(profileFormValues(user))
    setEditing(false)
  }

  return (
    <Card as="section" aria-labelledby="personal-heading" className="p-5 sm:p-6">
      <div className="flex items-center justify-between gap-4">
        <h2 id="personal-heading" className="font-bold text-lg">
          Personal Information
        </h2>
        {editing ? null : (
          <button type="button" onClick={() => setEditing(true)} className={buttonClasses('secondary', 'sm')}>
            <Pencil aria-hidden="true" />
            Edit
          </button>
        )}
      </div>

      {editing ? (
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
                onClick={cancel}
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
      ) : (
        <dl className="mt-5 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <InfoRow label="First name" value={user.firstName} />
          <InfoRow label="Last name" value={user.lastName} />
          <InfoRow label="Profile type" value={profileTypeTitle(user.profileType)} />
          <InfoRow label="Email" value={user.email} />
        </dl>
      )}
    </Card>
  )
}

function InfoRow({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-subtle text-xs uppercase tracking-wide">{label}</dt>
      <dd className={value ? 'mt-1 break-words text-fg' : 'mt-1 text-subtle italic'}>{value || 'Not set'}</dd>
    </div>
  )
}
