import { z } from 'zod'
import { alertEmailSchema, currencyCodeSchema, profileTypeSchema } from './auth.ts'

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
    /** Value entries without a market price at their retail price, shown as an estimate (issue 12). */
    valueUnpricedAtRetail: z.boolean({ message: 'valueUnpricedAtRetail must be true or false' }).optional(),
    /** Alert e-mails: each at once, a daily digest, or none; 'off' also drops the ones not sent yet. */
    alertEmail: alertEmailSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message:
      'Nothing to update: send at least one of firstName, lastName, profileType, currencyPreference, ' +
      'valueUnpricedAtRetail, alertEmail',
  })
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>
export type UpdateProfileData = z.output<typeof updateProfileBodySchema>

export const userStatsSchema = z.object({
  collectionCount: z.number().int(),
  alertsCount: z.number().int(),
  /**
   * The collection's Total Value, from the same valuation as its screen (fair price × quantity, or the
   * retail estimate where the user chose it), in GBP: two decimals, and as many digits before
   * the point as the sum needs (one entry alone can be 10,000 × 99,999,999.99).
   */
  totalValue: z.string().regex(/^\d+\.\d{2}$/),
  /** Entries valued at retail as an estimate (when the user chose so), and that part of totalValue. */
  estimatedEntries: z.number().int(),
  estimatedValue: z.string().regex(/^\d+\.\d{2}$/),
})
export type UserStats = z.infer<typeof userStatsSchema>

/** GET /api/me/alert-email: whether this server sends alert e-mails at all (it does only with SMTP_URL set). */
export const alertEmailStatusSchema = z.object({ available: z.boolean() })
export type AlertEmailStatus = z.infer<typeof alertEmailStatusSchema>

/** POST /api/me/alert-email/test: the address the test e-mail went to. */
export const testMailSentSchema = z.object({ sentTo: z.string() })
export type TestMailSent = z.infer<typeof testMailSentSchema>

/** The unsubscribe link of alert e-mails: `?token=` from the e-mail (checked by the server, with clear answers). */
export const unsubscribeQuerySchema = z.object({
  token: z.string().max(100, { message: 'token is not an unsubscribe token' }).optional(),
})
