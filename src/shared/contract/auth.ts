import { z } from 'zod'
import { ALERT_EMAIL_CHOICES, CURRENCY_CODES, PROFILE_TYPE_IDS, USER_ROLES } from './values.ts'

export const profileTypeSchema = z.enum(PROFILE_TYPE_IDS, {
  message: "profileType must be 'collector', 'investor' or 'shop'",
})

export const alertEmailSchema = z.enum(ALERT_EMAIL_CHOICES, {
  message: "alertEmail must be 'immediate', 'hourly', 'daily' or 'off'",
})

export const currencyCodeSchema = z.enum(CURRENCY_CODES, {
  message: `currency must be one of ${CURRENCY_CODES.join(', ')}`,
})

const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, { message: 'Email must be at most 254 characters' })
  .pipe(z.email({ message: 'Enter a valid email address' }))

const nameSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(100, { message: `${label} must be at most 100 characters` })
    .transform((value) => (value === '' ? null : value))

/**
 * Long passphrases are welcome; the cap bounds what one sign-in makes the password hash read (the server
 * also refuses common passwords, modules/auth/password-rules.ts).
 */
export const PASSWORD_MAX_LENGTH = 1024
const passwordTooLong = { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }

export const registerBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ message: 'Password is required' })
    .min(8, { message: 'Password must be at least 8 characters' })
    .max(PASSWORD_MAX_LENGTH, passwordTooLong),
  firstName: nameSchema('First name').nullish(),
  lastName: nameSchema('Last name').nullish(),
})
export type RegisterBody = z.input<typeof registerBodySchema>
export type RegisterData = z.output<typeof registerBodySchema>

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ message: 'Password is required' })
    .min(1, { message: 'Password is required' })
    .max(PASSWORD_MAX_LENGTH, passwordTooLong),
})
export type LoginBody = z.input<typeof loginBodySchema>
export type LoginData = z.output<typeof loginBodySchema>

/** The signed-in user (spec 01 §3). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  profileType: profileTypeSchema.nullable(),
  currencyPreference: currencyCodeSchema,
  onboardingCompleted: z.boolean(),
  /** Entries without a market price are valued at retail, as a labelled estimate (issue 12). */
  valueUnpricedAtRetail: z.boolean(),
  /** How price alerts reach the user by e-mail (when the server sends e-mail; issue 13). */
  alertEmail: alertEmailSchema,
  isTrusted: z.boolean(),
  role: z.enum(USER_ROLES),
  totalPoints: z.number().int(),
  level: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type User = z.infer<typeof userSchema>

export const betaAccessSchema = z.object({
  hasAccess: z.boolean(),
  isPublic: z.boolean(),
  userEmail: z.string().nullable(),
})
export type BetaAccess = z.infer<typeof betaAccessSchema>

/** What the sign-in and sign-up forms show of the providers configured on the server. */
export const authProvidersSchema = z.object({ oidc: z.boolean() })
export type AuthProviders = z.infer<typeof authProvidersSchema>
