import type { z } from 'zod'
import type { User } from '#shared/contract/auth.ts'
import type { UpdateProfileBody } from '#shared/contract/me.ts'
import type { ProfileType } from '#shared/contract/values.ts'
import { PROFILE_TYPES } from '#shared/profile-types.ts'
import type { profileFormSchema } from './profile-form-schema.ts'

export const PROFILE_SAVED = { title: 'Success', description: 'Profile updated successfully' }
export const PROFILE_SAVE_FAILED = {
  title: 'Error',
  description: 'Failed to update profile. Please try again.',
}

export type ProfileFormValues = z.input<typeof profileFormSchema>

/** The saved values as the form shows them: missing names are empty boxes. */
export function profileFormValues(
  user: Pick<User, 'firstName' | 'lastName' | 'profileType'>,
): ProfileFormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    profileType: user.profileType ?? undefined,
  }
}

/** What the form sends: names as typed (an empty name clears it), the type only when chosen. */
export function profileUpdateBody(values: z.output<typeof profileFormSchema>): UpdateProfileBody {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    ...(values.profileType ? { profileType: values.profileType } : {}),
  }
}

export function profileTypeTitle(type: ProfileType | null | undefined): string | undefined {
  return PROFILE_TYPES.find((profileType) => profileType.id === type)?.title
}
