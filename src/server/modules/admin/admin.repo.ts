import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'

export async function allowEmail(db: Database, email: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into beta_access (email) values (${email}) on conflict do nothing returning email`,
  )
  return rows.length > 0
}

export async function revokeEmail(db: Database, email: string): Promise<boolean> {
  const rows = await queryRows(db, sql`delete from beta_access where email = ${email} returning email`)
  return rows.length > 0
}

export function listAllowedEmails(db: Database): Promise<{ email: string; createdAt: string }[]> {
  return queryRows(
    db,
    sql`select email, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as "createdAt"
      from beta_access order by email`,
  )
}

/** Sets a user's role or trust; false when no user has that e-mail. */
export async function updateUserByEmail(
  db: Database,
  email: string,
  change: { role: 'admin' } | { isTrusted: boolean },
): Promise<boolean> {
  const assignment = 'role' in change ? sql`role = ${change.role}` : sql`is_trusted = ${change.isTrusted}`
  const rows = await queryRows(
    db,
    sql`update users set ${assignment}, updated_at = now() where email = ${email} returning id`,
  )
  return rows.length > 0
}
