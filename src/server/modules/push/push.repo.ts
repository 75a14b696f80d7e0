import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import type { PushSubscriptionBody } from '#shared/contract/push.ts'
import type { FiredAlert } from '../alerts/fired-alert-text.ts'

/** A browser a user gets push notifications in: its push service's endpoint and the keys to encrypt to. */
export interface PushDevice {
  userId: string
  endpoint: string
  p256dh: string
  auth: string
}

/** An alert event taken from the push outbox, with what its notification says. */
export interface PushEvent extends FiredAlert {
  id: number
  alertId: number
  userId: string
}

/** A user keeps at most this many browsers; turning it on in one more forgets the one turned on longest ago. */
export const MAX_DEVICES = 20

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`

/**
 * Keeps the browser's subscription for the user, while the session `sessionSid` lasts. An endpoint is one
 * browser profile's, so one already kept (for this user or another who signed in there before) becomes this
 * user's and this session's, with the keys given now.
 */
export async function saveSubscription(
  db: Database,
  { userId, sessionSid }: { userId: string; sessionSid: string },
  { endpoint, keys }: PushSubscriptionBody,
): Promise<void> {
  await db.execute(sql`insert into push_subscriptions (user_id, session_sid, endpoint, p256dh, auth)
    values (${userId}, ${sessionSid}, ${endpoint}, ${keys.p256dh}, ${keys.auth})
    on conflict (endpoint) do update set user_id = excluded.user_id, session_sid = excluded.session_sid,
      p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()`)
  await db.execute(sql`delete from push_subscriptions where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId} order by created_at desc, id desc
      limit ${MAX_DEVICES})`)
}

/** Forgets one of the user's browsers; false when the user has no such subscription. */
export async function deleteSubscription(db: Database, userId: string, endpoint: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint} returning id`,
  )
  return rows.length > 0
}

/** How many browsers the user gets push notifications in, and whether `endpoint` is one of them. */
export async function countDevices(
  db: Database,
  userId: string,
  endpoint: string | undefined,
): Promise<{ devices: number; thisBrowser: boolean }> {
  const rows = await queryRows<{ devices: number; thisBrowser: boolean }>(
    db,
    sql`select count(*)::int as devices, coalesce(bool_or(endpoint = ${endpoint ?? null}), false) as "thisBrowser"
      from push_subscriptions where user_id = ${userId}`,
  )
  return rows[0] ?? { devices: 0, thisBrowser: false }
}

export function findDevices(db: Database, userIds: readonly string[]): Promise<PushDevice[]> {
  return queryRows<PushDevice>(
    db,
    sql`select user_id as "userId", endpoint, p256dh, auth from push_subscriptions
      where user_id = any(${`{${userIds.join(',')}}`}::uuid[]) order by id`,
  )
}

/** Forgets endpoints their push service says are gone (unsubscribed, expired). */
export async function deleteEndpoints(db: Database, endpoints: readonly string[]): Promise<void> {
  if (endpoints.length === 0) return
  await db.execute(
    sql`delete from push_subscriptions where endpoint in (${sql.join(
      endpoints.map((endpoint) => sql`${endpoint}`),
      sql`, `,
    )})`,
  )
}

/**
 * Takes up to `limit` events fired since `since` that no push has told of, of users with a browser to push to,
 * by stamping `pushed_at` (committed before anything is sent, as the mailer's claim: ADR 015). `SKIP LOCKED`
 * lets instances take batches side by side, never the same event twice.
 */
export function claimEvents(db: Database, { since, limit }: { since: Date; limit: number }) {
  return queryRows<PushEvent>(
    db,
    sql`with picked as (
        select e.id from alert_events e
        where e.pushed_at is null and e.created_at >= ${since.toISOString()}
          and exists (select 1 from push_subscriptions s where s.user_id = e.user_id)
        order by e.id limit ${limit}
        for update of e skip locked),
      claimed as (
        update alert_events e set pushed_at = now() from picked where e.id = picked.id
        returning e.id, e.alert_id, e.user_id, e.item_id, e.condition_id, e.direction, e.threshold_value,
          e.currency, e.price)
      select c.id, c.alert_id as "alertId", c.user_id as "userId", i.number as "itemNumber",
        i.name as "itemName", i.slug as "itemSlug", k.label as condition, c.direction,
        c.threshold_value::text as "thresholdValue", c.currency, c.price::text as price
      from claimed c join items i on i.id = c.item_id join conditions k on k.id = c.condition_id
      order by c.user_id, c.id`,
  )
}

/** Back to the outbox: events no push service took (each of their user's browsers' services failed). */
export async function releaseEvents(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return
  await db.execute(sql`update alert_events set pushed_at = null where id = any(${idArray(ids)}::int[])`)
}

/**
 * Settles, without a notification, the events no push will tell of: their user has no browser to push to,
 * or they fired before `staleBefore` (a notification is for acting now; the app keeps them all).
 */
export async function settleUnpushable(db: Database, staleBefore: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with settled as (
        update alert_events e set pushed_at = now()
        where e.pushed_at is null and (e.created_at < ${staleBefore.toISOString()}
          or not exists (select 1 from push_subscriptions s where s.user_id = e.user_id))
        returning e.id)
      select count(*)::int as n from settled`,
  )
  return rows[0]?.n ?? 0
}
