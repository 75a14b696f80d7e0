import { type SQL, sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { PRICE_RECOMPUTE_CHANNEL, PRICES_RECOMPUTED_CHANNEL } from './market.channels.ts'
import type { Grade } from './market.repo.ts'

/**
 * Queues an item and grade for recompute from `fromDay`, in the caller's transaction. No NOTIFY here: a
 * transaction that notifies takes PostgreSQL's one notification lock as it commits, which would make every
 * sale commit one after the other (the workers are woken by `announceRecompute` after commit instead).
 */
export async function enqueueRecompute(
  db: Database,
  change: { itemId: number; grade: Grade; fromDay: string },
): Promise<void> {
  await db.execute(
    enqueueFrom(sql`values (${change.itemId}, ${change.grade}, ${change.fromDay}::date, null::bigint)`),
  )
}

/**
 * The queue's insert of the changes a query yields as (item_id, grade, from_day, sale_id): a statement, or a
 * part of one. `sale_id` is the sale a change only added to the verified ones (see `priceRecomputeQueue`).
 */
export function enqueueFrom(changes: SQL): SQL {
  return sql`insert into price_recompute_queue (item_id, grade, from_day, sale_id) ${changes}`
}

/** Wakes every instance's worker (a statement of its own, after the changes committed). */
export async function announceRecompute(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${PRICE_RECOMPUTE_CHANNEL}, '')`)
}

export async function notifyRecomputed(db: Database, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return
  await db.execute(sql`select pg_notify(${PRICES_RECOMPUTED_CHANNEL}, ${itemIds.join(',')})`)
}

export interface QueuedChange {
  itemId: number
  grade: Grade
  /** The earliest day any of its queued changes touched. */
  fromDay: string
  /** The queue rows taken for it, deleted when its recompute commits. */
  ids: string[]
  /** When its oldest queued change committed. */
  firstEnqueuedAt: Date
  /** The sales its changes added, when adding them is all they did; null when any change did more. */
  addedSaleIds: string[] | null
}

/**
 * Takes up to `limit` queued rows, the oldest first, skipping rows another worker holds, and coalesces them
 * per item and grade. The rows stay locked until the caller's transaction ends: deleted with the recompute,
 * or back in the queue if it fails or the process dies.
 */
export async function takeQueued(db: Database, limit: number): Promise<QueuedChange[]> {
  const rows = await queryRows<{
    itemId: number
    grade: Grade
    fromDay: string
    ids: string[]
    firstEnqueuedAt: string
    addedSaleIds: string[] | null
  }>(
    db,
    sql`with taken as (
        select id, item_id, grade, from_day, enqueued_at, sale_id from price_recompute_queue
        order by id limit ${limit} for update skip locked)
      select item_id as "itemId", grade, min(from_day)::text as "fromDay", array_agg(id::text) as ids,
        min(enqueued_at) as "firstEnqueuedAt",
        case when bool_and(sale_id is not null) then array_agg(sale_id::text) end as "addedSaleIds"
      from taken group by item_id, grade order by min(id)`,
  )
  return rows.map((row) => ({ ...row, firstEnqueuedAt: new Date(row.firstEnqueuedAt) }))
}

export async function deleteQueued(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db.execute(sql`delete from price_recompute_queue where id = any(${`{${ids.join(',')}}`}::bigint[])`)
}

/** Whether the item has changes waiting for its prices (its price reads say "updating"). */
export async function hasQueued(db: Database, itemId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from price_recompute_queue where item_id = ${itemId} limit 1`)
  return rows.length > 0
}

/** Rows waiting, locked or not. */
export async function queuedCount(db: Database): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from price_recompute_queue`)
  return rows[0]?.n ?? 0
}
