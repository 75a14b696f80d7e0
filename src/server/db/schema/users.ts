import { sql } from 'drizzle-orm'
import { boolean, char, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().unique(),
  firstName: text(),
  lastName: text(),
  profileImageUrl: text(),
  profileType: text({ enum: ['collector', 'investor', 'shop'] }),
  currencyPreference: char({ length: 3 }).notNull().default('USD'),
  onboardingCompleted: boolean().notNull().default(false),
  isTrusted: boolean().notNull().default(false),
  totalPoints: integer().notNull().default(0),
  level: integer().notNull().default(1),
  /**
   * Value entries that have no market price yet at the set's retail price, shown as an estimate
   * (issue 12): the user's choice, the same on every screen.
   */
  valueUnpricedAtRetail: boolean().notNull().default(false),
  /**
   * How price alerts reach the user by e-mail (when SMTP_URL is set): at once, at once but at most one e-mail an
   * hour (the rest together in the next), a daily digest, or not at all.
   */
  alertEmail: text({ enum: ['immediate', 'hourly', 'daily', 'off'] })
    .notNull()
    .default('immediate'),
  /** When the outbox last took alert events to e-mail this user: an 'hourly' user's next e-mail waits an hour from it. */
  lastAlertEmailAt: timestamp({ withTimezone: true }),
  /** The secret in the one-click unsubscribe link of alert e-mails: it stops them without signing in. */
  emailToken: uuid().notNull().unique('users_email_token_unique').defaultRandom(),
  /** Null for users who only sign in through OpenID Connect. */
  passwordHash: text(),
  role: text({ enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  /** OpenID Connect subject, when the user came through the OIDC provider. */
  oidcSubject: text().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the random cookie token; the token itself is never stored. */
    sid: text().primaryKey(),
    /** `{ userId }` (the connect-pg-simple shape DESIGN §4 names). */
    sess: jsonb().notNull(),
    /** The sliding end: 30 days after last use, never past createdAt + 90 days (plugins/session.ts). */
    expire: timestamp({ withTimezone: true }).notNull(),
    /** What the profile's session list names a session by: never the sid, which opens it. */
    publicId: uuid().notNull().unique('sessions_public_id_unique').defaultRandom(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Updated at most every few minutes, not on every request (plugins/session.ts). */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in, cut to 512 characters; shown summarised. */
    userAgent: text(),
  },
  (table) => [
    index('sessions_expire_idx').on(table.expire),
    // A user's sessions: the list on the profile, and the cap per user at each sign-in.
    index('sessions_user_id_idx').on(sql`(${table.sess} ->> 'userId')`),
  ],
)

/** The private-beta allow-list; BETA_PUBLIC=true opens the app to everyone. */
export const betaAccess = pgTable('beta_access', {
  email: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
})

/**
 * Sign-in and sign-up attempts counted per key in a fixed window, shared by every app instance (ADR 006):
 * the per-address limit of the auth routes (`ip:` keys) and the per-account one (`login:`, `register:`).
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    windowEnds: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('auth_attempts_window_ends_idx').on(table.windowEnds)],
)

/** Secrets every instance shares, made by the first one to start (the known-device cookies' key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  /** Base64 (or base64url) of random bytes. */
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
