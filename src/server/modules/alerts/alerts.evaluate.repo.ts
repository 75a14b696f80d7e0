import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { lockItemGrades } from '#server/db/lock-keys.ts'
import type { AlertDirection, CurrencyCode, Grade } from '#shared/contract/values.ts'

/** An active alert as its evaluation reads it. */
export interface AlertToEvaluate {
  id: number
  userId: string
  itemId: number
  conditionId: number
  direction: AlertDirection
  thresholdValue: string
  currency: CurrencyCode
  armed: boolean
  /** Its condition's grade. */
  grade: Grade
}

/**
 * A PostgreSQL array literal for one parameter (cast in the query): ids, uuids, enum words, decimal strings
 * and currency codes only, none of which holds a quote or a backslash.
 */
const pgArray = (values: readonly (string | number)[]) => `{${values.map((value) => `"${value}"`).join(',')}}`

const columns = sql`a.id, a.user_id as "userId", a.item_id as "itemId", a.condition_id as "conditionId",
  a.direction, a.threshold_value::text as "thresholdValue", a.currency, a.armed, c.grade`

/** An item and condition grade whose alerts are evaluated together. */
export interface AlertPair {
  itemId: number
  grade: Grade
}

/**
 * Evaluations of an item's alerts of one grade take turns until their transaction ends: an alert resumed at
 * the moment a recompute evaluates the item is evaluated by one of them, then by the other, which sees what
 * the first wrote. One lock for the pair rather than a row lock on each of its (maybe 10,000) alerts; a pass's
 * pairs are locked in one statement, in one order in every worker.
 */
export async function lockAlertsOf(db: Database, pairs: readonly AlertPair[]): Promise<void> {
  await lockItemGrades(db, 'alerts', pairs)
}

/** A pair's fair price in one currency, as its alerts in that currency compare with it. */
export interface PairPriceIn extends AlertPair {
  currency: CurrencyCode
  price: string
}

/**
 * The active alerts of these pairs (an item's conditions of one grade) whose state their price could change: an
 * armed alert with the price (in its currency) on its firing side, or a fired one with the price back on the
 * other side. A superset of those alertStep changes (it alone decides, with the re-arm margin): an item's other
 * alerts, most of its 10,000, stay in the database. One statement for a whole pass. The caller holds
 * lockAlertsOf.
 */
export function alertsThatMayChange(
  db: Database,
  prices: readonly PairPriceIn[],
): Promise<AlertToEvaluate[]> {
  return queryRows<AlertToEvaluate>(
    db,
    // Four ranges of alerts_evaluate_idx per pair and currency: on a popular item, a filter over all of its
    // alerts was a quarter of a recompute pass's time in the database (ADR 039).
    sql`select ${columns} from unnest(${pgArray(prices.map((row) => row.itemId))}::int[],
        ${pgArray(prices.map((row) => row.grade))}::text[], ${pgArray(prices.map((row) => row.currency))}::text[],
        ${pgArray(prices.map((row) => row.price))}::numeric[]) as p(item_id, grade, currency, price)
      cross join lateral (
        ${sql.join(
          [
            sql`a.direction = 'below' and a.armed and a.threshold_value >= p.price`,
            sql`a.direction = 'below' and not a.armed and a.threshold_value < p.price`,
            sql`a.direction = 'above' and a.armed and a.threshold_value <= p.price`,
            sql`a.direction = 'above' and not a.armed and a.threshold_value > p.price`,
          ].map(
            (side) => sql`select * from alerts a
              where a.item_id = p.item_id and a.active and a.currency = p.currency::char(3) and ${side}`,
          ),
          sql` union all `,
        )}) a
      join conditions c on c.id = a.condition_id
      where c.grade = p.grade`,
  )
}

/** Which items and grades these alerts are on, to take their locks. */
export function alertItemGrades(db: Database, ids: readonly number[]) {
  return queryRows<AlertPair>(
    db,
    sql`select distinct a.item_id as "itemId", c.grade from alerts a join conditions c on c.id = a.condition_id
      where a.id = any(${pgArray(ids)}::int[])`,
  )
}

/** These alerts, the active ones, with today's fair price of each's grade (null: no data); the caller holds lockAlertsOf. */
export function activeAlertsWithPrice(db: Database, ids: readonly number[]) {
  return queryRows<AlertToEvaluate & { fairPriceGbp: string | null }>(
    db,
    sql`select ${columns}, ps.fair_price_gbp::text as "fairPriceGbp"
      from alerts a join conditions c on c.id = a.condition_id
      left join price_snapshots ps on ps.item_id = a.item_id and ps.grade = c.grade
      where a.id = any(${pgArray(ids)}::int[]) and a.active`,
  )
}

export interface Firing {
  alert: AlertToEvaluate
  priceGbp: string
  /** The fair price in the alert's currency. */
  price: string
}

/** Told, with the user's id, when alert events of a user are committed (the SSE stream and the mailer listen). */
export const ALERT_EVENTS_CHANNEL = 'alert_events'

/**
 * The alerts that fired: disarmed, stamped, and an event each (one statement for any number); each user
 * concerned is notified on ALERT_EVENTS_CHANNEL when the transaction commits.
 */
export async function recordFirings(db: Database, firings: Firing[]): Promise<void> {
  if (firings.length === 0) return
  const ids = firings.map((firing) => firing.alert.id)
  await db.execute(
    sql`update alerts set armed = false, last_triggered = now() where id = any(${pgArray(ids)}::int[])`,
  )
  await db.execute(sql`insert into alert_events
      (alert_id, user_id, item_id, condition_id, direction, threshold_value, currency, price_gbp, price)
    select * from unnest(
      ${pgArray(ids)}::int[], ${pgArray(firings.map((f) => f.alert.userId))}::uuid[],
      ${pgArray(firings.map((f) => f.alert.itemId))}::int[], ${pgArray(firings.map((f) => f.alert.conditionId))}::int[],
      ${pgArray(firings.map((f) => f.alert.direction))}::text[],
      ${pgArray(firings.map((f) => f.alert.thresholdValue))}::numeric[],
      ${pgArray(firings.map((f) => f.alert.currency))}::char(3)[],
      ${pgArray(firings.map((f) => f.priceGbp))}::numeric[], ${pgArray(firings.map((f) => f.price))}::numeric[])`)
  const users = [...new Set(firings.map((firing) => firing.alert.userId))]
  await db.execute(
    sql`select pg_notify(${ALERT_EVENTS_CHANNEL}, u) from unnest(${pgArray(users)}::text[]) as u`,
  )
}

/** Fired alerts the price has moved back from: ready to fire again. */
export async function rearm(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  await db.execute(sql`update alerts set armed = true where id = any(${pgArray(ids)}::int[])`)
}

/** A new threshold or direction asks a new question: the alert is ready to fire on it. */
export async function armAlert(db: Database, id: number): Promise<void> {
  await db.execute(sql`update alerts set armed = true where id = ${id}`)
}
