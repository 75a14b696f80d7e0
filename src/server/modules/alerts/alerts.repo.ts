import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import { unnestRows } from '#server/db/unnest.ts'
import type { Alert } from '#shared/contract/alerts.ts'
import type { AlertDirection, CurrencyCode, Grade } from '#shared/contract/values.ts'
import { rearmsPast } from './alert-rules.ts'

/** What identifies an alert: the same item, condition, direction and threshold twice is one alert (a 409). */
export interface AlertKey {
  itemId: number
  conditionId: number
  direction: AlertDirection
  thresholdValue: string
  currency: CurrencyCode
}

const alertColumns = sql`a.id, a.item_id as "itemId",
  json_build_object('id', i.id, 'number', i.number, 'name', i.name, 'slug', i.slug, 'imageUrl', i.image_url,
    'type', i.type) as item,
  a.condition_id as "conditionId", c.label as condition, c.grade, a.direction,
  a.threshold_value::text as "thresholdValue", a.currency, a.active,
  ${isoTimestamp(sql`a.paused_until`)} as "pausedUntil",
  ${isoTimestamp(sql`a.last_triggered`)} as "lastTriggered",
  ${isoTimestamp(sql`a.created_at`)} as "createdAt",
  ps.fair_price_gbp::text as "fairPriceGbp",
  case when ps.fair_price_gbp is not null then ${isoTimestamp(sql`ps.updated_at`)} end as "fairPriceUpdatedAt",
  coalesce(ps.basis, 'none') as "fairPriceBasis",
  a.armed`

const alertSources = sql`alerts a join items i on i.id = a.item_id join conditions c on c.id = a.condition_id
  left join price_snapshots ps on ps.item_id = a.item_id and ps.grade = c.grade`

type AlertRow = Omit<Alert, 'rearmsPast'> & { armed: boolean }

/** An alert as the API shows it: a fired one with the price that re-arms it. */
function toAlert({ armed, ...alert }: AlertRow): Alert {
  return { ...alert, rearmsPast: armed ? null : rearmsPast(alert.direction, alert.thresholdValue) }
}

/** The user's alerts, newest first, each with today's fair price of its condition's grade. */
export async function findOwnAlerts(db: Database, userId: string): Promise<Alert[]> {
  const rows = await queryRows<AlertRow>(
    db,
    sql`select ${alertColumns} from ${alertSources} where a.user_id = ${userId}
      order by a.created_at desc, a.id desc`,
  )
  return rows.map(toAlert)
}

/** One of the user's alerts; someone else's is as good as missing. */
export async function findOwnAlert(db: Database, userId: string, id: number): Promise<Alert | undefined> {
  const rows = await queryRows<AlertRow>(
    db,
    sql`select ${alertColumns} from ${alertSources} where a.id = ${id} and a.user_id = ${userId}`,
  )
  return rows[0] && toAlert(rows[0])
}

/** The item's type and the condition's category, when both exist. */
export async function findItemAndCondition(db: Database, itemId: number, conditionId: number) {
  const rows = await queryRows<{ itemType: string; category: string | null }>(
    db,
    sql`select i.type as "itemType", c.category from items i left join conditions c on c.id = ${conditionId}
      where i.id = ${itemId}`,
  )
  return rows[0]
}

/**
 * How many alerts the user has, with their account row locked until the transaction ends: two creations at
 * once are counted one after the other, so the limit holds.
 */
export async function countAlertsLocked(db: Database, userId: string): Promise<number> {
  await db.execute(sql`select 1 from users where id = ${userId} for update`)
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from alerts where user_id = ${userId}`,
  )
  return rows[0]?.n ?? 0
}

/** Inserts the alert; undefined when the user already has one with the same key. */
export async function insertAlert(
  db: Database,
  userId: string,
  fields: AlertKey & { active: boolean },
): Promise<number | undefined> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into alerts (user_id, item_id, condition_id, direction, threshold_value, currency, active)
      values (${userId}, ${fields.itemId}, ${fields.conditionId}, ${fields.direction}, ${fields.thresholdValue},
        ${fields.currency}, ${fields.active})
      on conflict (user_id, item_id, condition_id, direction, threshold_value, currency) do nothing
      returning id`,
  )
  return rows[0]?.id
}

/** A "below" alert to set on an item's grade, at a threshold in a currency (one of each item and grade). */
export interface BelowAlertSpec {
  itemId: number
  grade: Grade
  thresholdValue: string
  currency: CurrencyCode
}

/**
 * Inserts an active "below" alert for each item and grade that has no "below" alert of the user's yet, on the
 * grade's first condition of the item's kind (New/Sealed, Used/Complete; New, Used); answers the new ids.
 */
export async function insertBelowAlerts(
  db: Database,
  userId: string,
  specs: readonly BelowAlertSpec[],
): Promise<number[]> {
  if (specs.length === 0) return []
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into alerts (user_id, item_id, condition_id, direction, threshold_value, currency, active)
      select ${userId}, s.item_id, c.id, 'below', s.threshold_value, s.currency, true
      from ${unnestRows('s', {
        item_id: sql`${sql.param(specs.map((spec) => spec.itemId))}::int[]`,
        grade: sql`${sql.param(specs.map((spec) => spec.grade))}::text[]`,
        threshold_value: sql`${sql.param(specs.map((spec) => spec.thresholdValue))}::numeric[]`,
        currency: sql`${sql.param(specs.map((spec) => spec.currency))}::text[]`,
      })}
      join items i on i.id = s.item_id
      cross join lateral (select id from conditions
        where category = i.type and grade = s.grade order by score desc, id limit 1) c
      where not exists (select 1 from alerts a join conditions ac on ac.id = a.condition_id
        where a.user_id = ${userId} and a.item_id = s.item_id and ac.grade = s.grade and a.direction = 'below')
      on conflict (user_id, item_id, condition_id, direction, threshold_value, currency) do nothing
      returning id`,
  )
  return rows.map((row) => row.id)
}

/** Whether the user has another alert with this key than `exceptId`. */
export async function hasOtherAlert(db: Database, userId: string, key: AlertKey, exceptId: number) {
  const rows = await queryRows(
    db,
    sql`select 1 from alerts where user_id = ${userId} and item_id = ${key.itemId}
      and condition_id = ${key.conditionId} and direction = ${key.direction}
      and threshold_value = ${key.thresholdValue} and currency = ${key.currency} and id <> ${exceptId}`,
  )
  return rows.length > 0
}

export async function updateAlert(
  db: Database,
  id: number,
  fields: Pick<AlertKey, 'direction' | 'thresholdValue' | 'currency'> & {
    active: boolean
    pausedUntil: string | null
  },
) {
  await db.execute(
    sql`update alerts set direction = ${fields.direction}, threshold_value = ${fields.thresholdValue},
        currency = ${fields.currency}, active = ${fields.active}, paused_until = ${fields.pausedUntil}
      where id = ${id}`,
  )
}

/**
 * Resumes up to `limit` alerts whose pause has run out, answering their ids and owners. Two instances at once
 * resume each alert once: the second's update waits for the first's and then finds it active.
 */
export function resumeAlertsDue(db: Database, limit: number) {
  return queryRows<{ id: number; userId: string }>(
    db,
    sql`update alerts set active = true, paused_until = null
      where id in (select id from alerts where paused_until <= now() order by paused_until limit ${limit})
        and paused_until <= now()
      returning id, user_id as "userId"`,
  )
}

export async function deleteOwnAlert(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from alerts where id = ${id} and user_id = ${userId} returning id`,
  )
  return rows.length > 0
}
