import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'

/** A key's attempts in its current window, and the milliseconds left of that window. */
export interface AttemptCount {
  count: number
  msLeft: number
}

/**
 * Counts one attempt for `key` and answers the count in its window: a key with no live window starts one of
 * `windowMs` at 1. One statement, so that attempts arriving together at several instances are each counted.
 */
export async function countAttempt(db: Database, key: string, windowMs: number): Promise<AttemptCount> {
  const [row] = await queryRows<AttemptCount>(
    db,
    sql`insert into auth_attempts as a (key, count, window_ends)
      values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        count = case when a.window_ends <= now() then 1 else a.count + 1 end,
        window_ends = case when a.window_ends <= now() then excluded.window_ends else a.window_ends end
      returning count, ceil(extract(epoch from window_ends - now()) * 1000)::int as "msLeft"`,
  )
  return row as AttemptCount
}

/** The attempts counted for `key` in its live window (0 when it has none). */
export async function attemptsSoFar(db: Database, key: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count from auth_attempts where key = ${key} and window_ends > now()`,
  )
  return row?.count ?? 0
}

export async function forgetAttempts(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from auth_attempts where key = ${key}`)
}

/** Windows that have ended count nothing: their rows go (the session clean-up job). */
export async function deleteEndedAttempts(db: Database): Promise<void> {
  await db.execute(sql`delete from auth_attempts where window_ends <= now()`)
}
