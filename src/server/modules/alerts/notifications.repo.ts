import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import type { Notification, NotificationList } from '#shared/contract/alerts.ts'
import type { NotificationView } from '#shared/contract/values.ts'

/** One notification as the contract has it, from an alert event `e` with its item `i` and condition `c`. */
const notificationJson = sql`json_build_object(
  'id', e.id, 'alertId', e.alert_id,
  'item', json_build_object('id', i.id, 'number', i.number, 'name', i.name, 'slug', i.slug,
    'imageUrl', i.image_url, 'type', i.type),
  'condition', c.label, 'direction', e.direction, 'thresholdValue', e.threshold_value::text,
  'currency', e.currency, 'priceGbp', e.price_gbp::text, 'price', e.price::text,
  'createdAt', ${isoTimestamp(sql`e.created_at`)},
  'read', e.read_at is not null)`

/** A page of the user's notifications (the alerts that fired; all, or the unread), newest first, with the counts. */
export async function findNotificationPage(
  db: Database,
  userId: string,
  { show, limit, offset }: { show: NotificationView; limit: number; offset: number },
): Promise<NotificationList> {
  const unreadOnly = show === 'unread' ? sql`and e.read_at is null` : sql``
  const [row] = await queryRows<NotificationList>(
    db,
    sql`with page as (
        select e.*, row_number() over (order by e.created_at desc, e.id desc) as position from alert_events e
        where e.user_id = ${userId} ${unreadOnly} order by e.created_at desc, e.id desc limit ${limit} offset ${offset})
      select coalesce((select json_agg(${notificationJson} order by e.position)
        from page e join items i on i.id = e.item_id join conditions c on c.id = e.condition_id), '[]') as notifications,
        (select count(*)::int from alert_events where user_id = ${userId}) as total,
        (select count(*)::int from alert_events where user_id = ${userId} and read_at is null) as unread`,
  )
  return row as NotificationList
}

/** Marks the user's notifications read (these ids, or all); another user's ids are left alone. */
export async function markRead(db: Database, userId: string, ids: number[] | undefined): Promise<number> {
  const only = ids ? sql`and id = any(${`{${ids.join(',')}}`}::int[])` : sql``
  await db.execute(
    sql`update alert_events set read_at = now() where user_id = ${userId} and read_at is null ${only}`,
  )
  const [row] = await queryRows<{ unread: number }>(
    db,
    sql`select count(*)::int as unread from alert_events where user_id = ${userId} and read_at is null`,
  )
  return row?.unread ?? 0
}

/** The user's newest notification id (0: none yet): where a new live stream starts. */
export async function lastNotificationId(db: Database, userId: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as id from alert_events where user_id = ${userId}`,
  )
  return row?.id ?? 0
}

/**
 * The user's notifications after `afterId`, oldest first, at most `limit` (the live stream's catch-up), in the
 * list's shape. Ids only grow, so "after the last one sent" is exactly what a stream has not sent.
 */
export async function findNotificationsAfter(
  db: Database,
  userId: string,
  afterId: number,
  limit: number,
): Promise<Notification[]> {
  const [row] = await queryRows<{ notifications: Notification[] }>(
    db,
    sql`with page as (
        select e.* from alert_events e where e.user_id = ${userId} and e.id > ${afterId} order by e.id limit ${limit})
      select coalesce((select json_agg(${notificationJson} order by e.id)
        from page e join items i on i.id = e.item_id join conditions c on c.id = e.condition_id), '[]') as notifications`,
  )
  return row?.notifications ?? []
}
