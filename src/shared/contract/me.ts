import { z } from 'zod'
import { currencyCodeSchema, profileTypeSchema } from './auth.ts'
import { moneyStringSchema } from './common.ts'

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
  /** Sum of fair price × quantity over the collection, in GBP. */
  totalValue: moneyStringSchema,
})
export type UserStats = z.infer<typeof userStatsSchema>
