import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import { type Arg, builtPerShape } from '#server/db/statement.ts'
import type { User } from '#shared/contract/auth.ts'
import { userColumns } from './auth.repo.ts'

/** How long sessions last (plugins/session.ts decides; the SQL applies it). */
export interface SessionLifetime {
  slidingDays: number
  absoluteDays: number
}

const ownedBy = (userId: string) => sql`s.sess ->> 'userId' = ${userId}`
/** Within both ends: the sliding one (expire) and the absolute one (created_at + absoluteDays). */
const live = (absoluteDays: Arg<number>) =>
  sql`s.expire > now() and s.created_at > now() - make_interval(days => ${absoluteDays})`

/**
 * Starts a session, then keeps only the user's `keep` newest: a stolen password or a script signing in
 * again and again cannot pile up sessions without end.
 */
export async function insertSession(
  db: Database,
  session: { sid: string; userId: string; userAgent: string | null; lifetime: SessionLifetime; keep: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into sessions (sid, sess, expire, user_agent)
        values (${session.sid}, ${JSON.stringify({ userId: session.userId })}::jsonb,
          now() + make_interval(days => ${session.lifetime.slidingDays}), ${session.userAgent})`,
    )
    await tx.execute(
      sql`delete from sessions where sid in (
          select s.sid from sessions s where ${ownedBy(session.userId)}
          order by s.created_at desc, s.sid offset ${session.keep})`,
    )
  })
}

/** A signed-in user as every request sees them. */
export interface SessionUser extends User {
  /** Beta access: the beta is public, the e-mail is on the access list, or the user is an admin. */
  hasAccess: boolean
}

export interface SessionRow {
  /**
   * Shared by every request of the session while this instance keeps it (plugins/session-cache.ts), so made
   * once, here, and never changed: an object built per request from it would cost more than its lookup.
   */
  user: Readonly<SessionUser>
  expire: string
  createdAt: string
  lastSeenAt: string
}

/**
 * The live sessions of these ids, each with its user and whether they may use the beta. Every signed-in
 * request asks, so the statement is built once (ADR 027). One id is asked for as such: with a list,
 * PostgreSQL plans the statement again at every run (a plan for a list of unknown length looks dearer than one
 * made for the list given), which for one id costs more than the lookup (ADR 026).
 */
const sessionsStatement = builtPerShape<
  { one: boolean; betaPublic: boolean },
  { sid: string | undefined; sids: string[] | undefined; absoluteDays: number }
>(
  ({ one, betaPublic }, p) =>
    sql`select s.sid, row_to_json(x) as user, ${isoTimestamp(sql`s.expire`)} as expire,
        ${isoTimestamp(sql`s.created_at`)} as "createdAt", ${isoTimestamp(sql`s.last_seen_at`)} as "lastSeenAt"
      from sessions s
      cross join lateral (
        select ${userColumns}, ${
          betaPublic
            ? sql`true`
            : sql`(u.role = 'admin' or exists (select 1 from beta_access b where b.email = u.email))`
        } as "hasAccess"
        from users u where u.id = (s.sess ->> 'userId')::uuid) x
      where ${one ? sql`s.sid = ${p.sid}` : sql`s.sid = any(${p.sids}::text[])`} and ${live(p.absoluteDays)}`,
)

export async function findSessions(
  db: Database,
  sids: readonly string[],
  { lifetime, betaPublic }: { lifetime: SessionLifetime; betaPublic: boolean },
): Promise<Map<string, SessionRow>> {
  const one = sids.length === 1
  const rows = await queryRows<SessionRow & { sid: string }>(
    db,
    sessionsStatement(
      { one, betaPublic },
      {
        sid: one ? sids[0] : undefined,
        sids: one ? undefined : [...sids],
        absoluteDays: lifetime.absoluteDays,
      },
    ),
  )
  return new Map(rows.map(({ sid, ...session }) => [sid, session]))
}

/** Notes the session's use and slides its end: slidingDays from now, never past the absolute end. */
export async function touchSession(db: Database, sid: string, lifetime: SessionLifetime): Promise<string> {
  const rows = await queryRows<{ expire: string }>(
    db,
    sql`update sessions set last_seen_at = now(),
        expire = least(now() + make_interval(days => ${lifetime.slidingDays}),
          created_at + make_interval(days => ${lifetime.absoluteDays}))
      where sid = ${sid} returning ${isoTimestamp(sql`expire`)} as expire`,
  )
  return rows[0]?.expire ?? new Date().toISOString()
}

export async function deleteSession(db: Database, sid: string) {
  await db.execute(sql`delete from sessions where sid = ${sid}`)
}

export async function deleteExpiredSessions(db: Database, lifetime: SessionLifetime): Promise<void> {
  await db.execute(sql`delete from sessions s where not (${live(lifetime.absoluteDays)})`)
}

export interface SessionListRow {
  id: string
  createdAt: string
  lastSeenAt: string
  expiresAt: string
  userAgent: string | null
  current: boolean
}

/** The user's live sessions, this one first, then the most recently used. */
export async function listUserSessions(
  db: Database,
  { userId, currentSid, lifetime }: { userId: string; currentSid: string; lifetime: SessionLifetime },
): Promise<SessionListRow[]> {
  return queryRows<SessionListRow>(
    db,
    sql`select s.public_id as id, ${isoTimestamp(sql`s.created_at`)} as "createdAt",
        ${isoTimestamp(sql`s.last_seen_at`)} as "lastSeenAt", ${isoTimestamp(sql`s.expire`)} as "expiresAt",
        s.user_agent as "userAgent", s.sid = ${currentSid} as current
      from sessions s
      where ${ownedBy(userId)} and ${live(lifetime.absoluteDays)}
      order by s.sid = ${currentSid} desc, s.last_seen_at desc, s.created_at desc`,
  )
}

/** Ends one of the user's sessions by its public id; its sid, or undefined when the user has no such session. */
export async function deleteUserSession(
  db: Database,
  { userId, publicId }: { userId: string; publicId: string },
): Promise<string | undefined> {
  const rows = await queryRows<{ sid: string }>(
    db,
    sql`delete from sessions s where s.public_id = ${publicId} and ${ownedBy(userId)} returning s.sid`,
  )
  return rows[0]?.sid
}

/** Ends every session of the user but `keepSid`; how many ended. */
export async function deleteOtherUserSessions(
  db: Database,
  { userId, keepSid }: { userId: string; keepSid: string },
): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with ended as (delete from sessions s where ${ownedBy(userId)} and s.sid <> ${keepSid} returning 1)
      select count(*)::int as n from ended`,
  )
  return rows[0]?.n ?? 0
}
