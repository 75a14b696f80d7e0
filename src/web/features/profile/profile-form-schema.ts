import { z } from 'zod'
import { profileTypeSchema } from '#shared/contract/auth.ts'

/**
 * The profile edit form's checks; the same length limits (and messages) as the server's. Apart from
 * profile-form.ts because the form loads it on its first check (lib/lazy-zod-resolver.ts).
 */
export const profileFormSchema = z.object({
  firstName: z.string().trim().max(100, { message: 'First name must be at most 100 characters' }),
  lastName: z.string().trim().max(100, { message: 'Last name must be at most 100 characters' }),
  profileType: profileTypeSchema.optional(),
})
