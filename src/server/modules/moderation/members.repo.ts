import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import type { Member, Members } from '#shared/contract/moderation.ts'

const memberColumns = sql`u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.role,
  u.is_trusted as "isTrusted", ${isoTimestamp(sql`u.created_at`)} as "createdAt"`

/** `%` and `_` typed into the search are themselves, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`

/**
 * Members whose e-mail or name contains `query` (all of them without one): admins first, then trusted
 * members, then by e-mail; each with how many sales they have recorded, counted for the page's people
 * only (one pass over the sales).
 */
export async function listMembers(
  db: Database,
  query: string | undefined,
  page: { limit: number; offset: number },
): Promise<Members> {
  const pattern = query ? likePattern(query) : null
  const where = pattern
    ? sql`where u.email ilike ${pattern} or concat_ws(' ', u.first_name, u.last_name) ilike ${pattern}`
    : sql``
  const order = sql`(u.role = 'admin') desc, u.is_trusted desc, u.email nulls last, u.id`
  const [users, counted] = await Promise.all([
    queryRows<Member>(
      db,
      sql`with page as (select ${memberColumns} from users u ${where} order by ${order}
          limit ${page.limit} offset ${page.offset}),
        counts as (select submitter_id, count(*)::int as n from sales
          where submitter_id in (select id from page) group by submitter_id)
        select page.*, coalesce(counts.n, 0) as "salesCount" from page
          left join counts on counts.submitter_id = page.id
        order by (page.role = 'admin') desc, page."isTrusted" desc, page.email nulls last, page.id`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from users u ${where}`),
  ])
  return { users, total: counted[0]?.total ?? 0 }
}

/** The member's role, or undefined when no user has the id. */
export async function findMemberRole(db: Database, id: string): Promise<Member['role'] | undefined> {
  const rows = await queryRows<{ role: Member['role'] }>(db, sql`select role from users where id = ${id}`)
  return rows[0]?.role
}

/** Sets trust on a member who is not an admin; answers them as the list shows them. */
export async function setTrusted(db: Database, id: string, isTrusted: boolean): Promise<Member | undefined> {
  const rows = await queryRows<Member>(
    db,
    sql`with changed as (update users set is_trusted = ${isTrusted}, updated_at = now()
        where id = ${id} and role <> 'admin' returning *)
      select ${memberColumns}, (select count(*)::int from sales s where s.submitter_id = u.id) as "salesCount"
      from changed u`,
  )
  return rows[0]
}
