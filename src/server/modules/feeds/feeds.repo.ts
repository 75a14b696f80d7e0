import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'

export type Provider = 'bricklink' | 'brickeconomy'

export interface FeedCandidate {
  itemId: number
  type: 'set' | 'minifig'
  number: string
  /** Failures in a row so far (0 after a success or never tried). */
  failures: number
}

/**
 * Items people own or watch that the provider may fetch now, the most watched first (distinct users with an
 * active alert or a wanted-list entry), then the most owned: never fetched, fetched before `staleBefore`, or
 * failed and past their back-off.
 */
export async function feedCandidates(
  db: Database,
  options: {
    provider: Provider
    types: Array<'set' | 'minifig'>
    /** Numbers the provider cannot know (another catalogue's ids), as a LIKE pattern; null: none. */
    excludeNumbers: string | null
    now: Date
    staleBefore: Date
    limit: number
  },
): Promise<FeedCandidate[]> {
  return queryRows<FeedCandidate>(
    db,
    sql`with watched as (
        select item_id, count(distinct user_id) as watchers from (
          select item_id, user_id from alerts where active
          union all select item_id, user_id from wanted_items) w
        group by item_id),
      owned as (select item_id, count(distinct user_id) as owners from collections group by item_id),
      interest as (
        select coalesce(w.item_id, o.item_id) as item_id, coalesce(w.watchers, 0) as watchers,
          coalesce(o.owners, 0) as owners
        from watched w full join owned o on o.item_id = w.item_id)
      select i.id as "itemId", i.type, i.number, coalesce(s.failures, 0) as failures
      from interest n
      join items i on i.id = n.item_id
      left join feed_item_state s on s.provider = ${options.provider} and s.item_id = i.id
      where i.type = any(${sql.param(options.types)}::text[])
        and (${options.excludeNumbers}::text is null or i.number not like ${options.excludeNumbers})
        and (s.next_attempt_at is null or s.next_attempt_at <= ${options.now.toISOString()})
        and (s.failures > 0 or s.last_fetched_at is null or s.last_fetched_at < ${options.staleBefore.toISOString()})
      order by n.watchers desc, n.owners desc, i.id
      limit ${options.limit}`,
  )
}

/**
 * Counts one call to the provider on `day` if the day's calls are still under `quota`; false (and nothing
 * counted) when they are not. One statement, so instances counting at once never exceed it together.
 */
export async function takeCall(
  db: Database,
  provider: Provider,
  day: string,
  quota: number,
): Promise<boolean> {
  const rows = await queryRows<{ calls: number }>(
    db,
    sql`insert into feed_daily_calls as f (provider, day, calls)
      select ${provider}, ${day}, 1 where ${quota}::int > 0
      on conflict (provider, day) do update set calls = f.calls + 1 where f.calls < ${quota}::int
      returning calls`,
  )
  return rows.length > 0
}

export async function callsOn(db: Database, provider: Provider, day: string): Promise<number> {
  const rows = await queryRows<{ calls: number }>(
    db,
    sql`select calls from feed_daily_calls where provider = ${provider} and day = ${day}`,
  )
  return rows[0]?.calls ?? 0
}

/** The provider answered for the item (with data or with none): fresh until it is stale, failures forgotten. */
export async function markFetched(
  db: Database,
  provider: Provider,
  itemId: number,
  at: Date,
  outcome: string,
) {
  await db.execute(
    sql`insert into feed_item_state (provider, item_id, last_fetched_at, next_attempt_at, failures, last_outcome)
      values (${provider}, ${itemId}, ${at.toISOString()}, null, 0, ${outcome})
      on conflict (provider, item_id) do update set last_fetched_at = excluded.last_fetched_at,
        next_attempt_at = null, failures = 0, last_outcome = excluded.last_outcome`,
  )
}

/** The attempt failed: one more failure, and no new attempt before `nextAttemptAt`. */
export async function markFailed(
  db: Database,
  provider: Provider,
  itemId: number,
  nextAttemptAt: Date,
  outcome: string,
) {
  await db.execute(
    sql`insert into feed_item_state as s (provider, item_id, next_attempt_at, failures, last_outcome)
      values (${provider}, ${itemId}, ${nextAttemptAt.toISOString()}, 1, ${outcome})
      on conflict (provider, item_id) do update set next_attempt_at = excluded.next_attempt_at,
        failures = s.failures + 1, last_outcome = excluded.last_outcome`,
  )
}
