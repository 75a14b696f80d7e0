import { z } from 'zod'
import { currencyCodeSchema, profileTypeSchema } from './auth.ts'

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(100, { message: `${label} must be at most 100 characters` })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()

/** PUT /api/me/profile: onboarding, profile edit and currency choice each send their own fields. */
export const updateProfileBodySchema = z
  .object({
    firstName: optionalName('First name'),
    lastName: optionalName('Last name'),
    profileType: profileTypeSchema.optional(),
    onboardingCompleted: z.boolean({ message: 'onboardingCompleted must be true or false' }).optional(),
    currencyPreference: currencyCodeSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to update: send at least one of firstName, lastName, profileType, currencyPreference',
  })
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>
export type UpdateProfileData = z.output<typeof updateProfileBodySchema>

export const userStatsSchema = z.object({
  collectionCount: z.number().int(),
  alertsCount: z.number().int(),
  /**
   * Sum of fair price × quantity over the collection, in GBP: two decimals, and as many digits before
   * the point as the sum needs (one entry alone can be 10,000 × 99,999,999.99).
   */
  totalValue: z.string().regex(/^\d+\.\d{2}$/),
})
export type UserStats = z.infer<typeof userStatsSchema>
