import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import { JOB_LOCKS } from '#server/db/lock-keys.ts'
import type { User } from '#shared/contract/auth.ts'
import type { UpdateProfileData } from '#shared/contract/me.ts'

/** Columns of a user as the API shows them (also read with a session, sessions.repo.ts). */
export const userColumns = sql`u.id, u.email, u.first_name as "firstName", u.last_name as "lastName",
  u.profile_image_url as "profileImageUrl", u.profile_type as "profileType",
  u.currency_preference as "currencyPreference", u.onboarding_completed as "onboardingCompleted",
  u.value_unpriced_at_retail as "valueUnpricedAtRetail", u.alert_email as "alertEmail", u.is_trusted as "isTrusted", u.role, u.total_points as "totalPoints", u.level,
  ${isoTimestamp(sql`u.created_at`)} as "createdAt",
  ${isoTimestamp(sql`u.updated_at`)} as "updatedAt"`

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const rows = await queryRows<User>(db, sql`select ${userColumns} from users u where u.id = ${id}`)
  return rows[0]
}

export async function findCredentials(
  db: Database,
  email: string,
): Promise<{ id: string; passwordHash: string | null } | undefined> {
  const rows = await queryRows<{ id: string; passwordHash: string | null }>(
    db,
    sql`select id, password_hash as "passwordHash" from users where email = ${email}`,
  )
  return rows[0]
}

const ACCOUNT_CREATION_LOCK = JOB_LOCKS.accountCreation

/**
 * Takes the account-creation lock until the transaction ends. The first account of an install is its
 * admin (`newAccountRole`): two sign-ups arriving together must not both see an empty table, so every
 * insert of a user runs after this lock, and its statement starts after the other's commit.
 */
export async function lockAccountCreation(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK})`)
}

/** The role a new account gets, decided in its own insert: admin when no account exists yet. */
const newAccountRole = sql`case when exists (select 1 from users) then 'user' else 'admin' end`

/** Inserts a user (under `lockAccountCreation`); undefined when the e-mail is already taken. */
export async function insertPasswordUser(
  db: Database,
  user: { email: string; passwordHash: string; firstName: string | null; lastName: string | null },
): Promise<User | undefined> {
  const rows = await queryRows<User>(
    db,
    sql`with inserted as (
        insert into users (email, password_hash, first_name, last_name, role)
        values (${user.email}, ${user.passwordHash}, ${user.firstName}, ${user.lastName}, ${newAccountRole})
        on conflict (email) do nothing
        returning *)
      select ${userColumns} from inserted u`,
  )
  return rows[0]
}

export interface OidcProfile {
  subject: string
  email: string | null
  /** Only a provider-verified e-mail may join an existing account. */
  emailVerified: boolean
  firstName: string | null
  lastName: string | null
  pictureUrl: string | null
}

export async function findUserByOidcSubject(db: Database, subject: string): Promise<User | undefined> {
  const rows = await queryRows<User>(
    db,
    sql`select ${userColumns} from users u where u.oidc_subject = ${subject}`,
  )
  return rows[0]
}

/** Links the subject to the account with this e-mail when it has no OpenID Connect link yet. */
export async function linkOidcSubject(
  db: Database,
  email: string,
  profile: Pick<OidcProfile, 'subject' | 'pictureUrl'>,
): Promise<User | undefined> {
  const rows = await queryRows<User>(
    db,
    sql`update users u set oidc_subject = ${profile.subject},
        profile_image_url = coalesce(u.profile_image_url, ${profile.pictureUrl}), updated_at = now()
      where u.email = ${email} and u.oidc_subject is null
      returning ${userColumns}`,
  )
  return rows[0]
}

export async function emailInUse(db: Database, email: string): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from users where email = ${email}`)).length > 0
}

/** Inserts a user who signed in through OpenID Connect (under `lockAccountCreation`). */
export async function insertOidcUser(db: Database, profile: OidcProfile): Promise<User> {
  const rows = await queryRows<User>(
    db,
    sql`insert into users as u (email, oidc_subject, first_name, last_name, profile_image_url, role)
      values (${profile.email}, ${profile.subject}, ${profile.firstName}, ${profile.lastName}, ${profile.pictureUrl},
        ${newAccountRole})
      returning ${userColumns}`,
  )
  const user = rows[0]
  if (!user) throw new Error('Could not create the OIDC user')
  return user
}

const profileColumns = {
  firstName: sql`first_name`,
  lastName: sql`last_name`,
  profileType: sql`profile_type`,
  onboardingCompleted: sql`onboarding_completed`,
  currencyPreference: sql`currency_preference`,
  valueUnpricedAtRetail: sql`value_unpriced_at_retail`,
  alertEmail: sql`alert_email`,
} as const

/** Writes the profile fields that are given; undefined when the user no longer exists. */
export async function updateUserProfile(
  db: Database,
  userId: string,
  changes: UpdateProfileData,
): Promise<User | undefined> {
  const assignments = (Object.keys(profileColumns) as Array<keyof typeof profileColumns>)
    .filter((key) => changes[key] !== undefined)
    .map((key) => sql`${profileColumns[key]} = ${changes[key]}`)
  const rows = await queryRows<User>(
    db,
    sql`update users u set ${sql.join([...assignments, sql`updated_at = now()`], sql`, `)}
      where u.id = ${userId} returning ${userColumns}`,
  )
  return rows[0]
}
