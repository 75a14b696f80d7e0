import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import type { User } from '#shared/contract/auth.ts'

/** Columns of a user as the API shows them. */
export const userColumns = sql`u.id, u.email, u.first_name as "firstName", u.last_name as "lastName",
  u.profile_image_url as "profileImageUrl", u.profile_type as "profileType",
  u.currency_preference as "currencyPreference", u.onboarding_completed as "onboardingCompleted",
  u.is_trusted as "isTrusted", u.role, u.total_points as "totalPoints", u.level,
  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(u.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`

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

/** Inserts a user; undefined when the e-mail is already taken. */
export async function insertPasswordUser(
  db: Database,
  user: { email: string; passwordHash: string; firstName: string | null; lastName: string | null },
): Promise<User | undefined> {
  const rows = await queryRows<User>(
    db,
    sql`with inserted as (
        insert into users (email, password_hash, first_name, last_name)
        values (${user.email}, ${user.passwordHash}, ${user.firstName}, ${user.lastName})
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

/**
 * The user behind an OIDC subject: an existing link, else an account with the same verified e-mail
 * (which gets linked), else a new account from the claims.
 */
export async function upsertOidcUser(db: Database, profile: OidcProfile): Promise<User> {
  return db.transaction(async (tx) => {
    const linked = await queryRows<User>(
      tx,
      sql`select ${userColumns} from users u where u.oidc_subject = ${profile.subject}`,
    )
    if (linked[0]) return linked[0]
    if (profile.email && profile.emailVerified) {
      const byEmail = await queryRows<User>(
        tx,
        sql`update users u set oidc_subject = ${profile.subject},
            profile_image_url = coalesce(u.profile_image_url, ${profile.pictureUrl}), updated_at = now()
          where u.email = ${profile.email} and u.oidc_subject is null
          returning ${userColumns}`,
      )
      if (byEmail[0]) return byEmail[0]
    }
    // An unverified e-mail that another account already uses is not taken over: the new account has none.
    const created = await queryRows<User>(
      tx,
      sql`insert into users as u (email, oidc_subject, first_name, last_name, profile_image_url)
        values ((select ${profile.email}::text where not exists (select 1 from users where email = ${profile.email})),
          ${profile.subject}, ${profile.firstName}, ${profile.lastName}, ${profile.pictureUrl})
        returning ${userColumns}`,
    )
    const user = created[0]
    if (!user) throw new Error('Could not create the OIDC user')
    return user
  })
}

export interface SessionRow {
  user: User
  expire: string
  onAccessList: boolean
}

export async function insertSession(db: Database, session: { sid: string; userId: string; expire: Date }) {
  await db.execute(
    sql`insert into sessions (sid, sess, expire)
      values (${session.sid}, ${JSON.stringify({ userId: session.userId })}::jsonb, ${session.expire.toISOString()})`,
  )
}

/** The live session's user, with whether their e-mail is on the beta access list. */
export async function findSession(db: Database, sid: string): Promise<SessionRow | undefined> {
  const rows = await queryRows<{ user: User; expire: string; onAccessList: boolean }>(
    db,
    sql`select row_to_json(x) as user, s.expire::text as expire,
        exists (select 1 from beta_access b where b.email = x.email) as "onAccessList"
      from sessions s
      cross join lateral (select ${userColumns} from users u where u.id = (s.sess ->> 'userId')::uuid) x
      where s.sid = ${sid} and s.expire > now()`,
  )
  return rows[0]
}

export async function extendSession(db: Database, sid: string, expire: Date) {
  await db.execute(sql`update sessions set expire = ${expire.toISOString()} where sid = ${sid}`)
}

export async function deleteSession(db: Database, sid: string) {
  await db.execute(sql`delete from sessions where sid = ${sid}`)
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.execute(sql`delete from sessions where expire < now()`)
}
