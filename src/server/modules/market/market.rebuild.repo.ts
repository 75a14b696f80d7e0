import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import type { PricedSale } from '#shared/pricing.ts'
import type { Grade } from './market.repo.ts'

/** Recomputes the per-condition counts and sums from every verified sale. */
export async function rebuildConditionStats(db: Database): Promise<void> {
  // A recompute worker writing an item's rows meanwhile would collide with the insert: one waits for the other.
  await db.execute(sql`lock table price_condition_stats in exclusive mode`)
  await db.execute(sql`delete from price_condition_stats`)
  await db.execute(sql`insert into price_condition_stats (item_id, condition_id, sales_count, total_price_gbp)
    select item_id, condition_id, count(*)::int, sum(price_gbp) from sales where status = 'verified'
    group by item_id, condition_id`)
}

/** Items that have, or may need, prices: verified sales, a snapshot, or marketplace data. */
export async function pricedItemIds(db: Database): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct item_id as id from sales where status = 'verified'
      union select item_id from price_snapshots
      union select id from items where metadata -> 'marketplace' is not null
      order by id`,
  )
  return rows.map((row) => row.id)
}

/** The verified sales of these items up to `today`, by item, grade and date. */
export function verifiedSalesOf(
  db: Database,
  itemIds: number[],
  today: string,
): Promise<Array<PricedSale & { itemId: number; grade: Grade }>> {
  return queryRows(
    db,
    sql`select item_id as "itemId", grade, id, price_gbp::text as "priceGbp", sale_date::text as "saleDate"
      from sales where item_id = any(${sql.param(itemIds)}::int[]) and status = 'verified' and sale_date <= ${today}
      order by item_id, grade, sale_date, id`,
  )
}

/** The marketplace sold prices (as stored) of those of these items that have marketplace data. */
export function marketplacePricesOf(
  db: Database,
  itemIds: number[],
): Promise<Array<{ itemId: number; new: string | null; used: string | null }>> {
  return queryRows(
    db,
    sql`select id as "itemId", metadata -> 'marketplace' ->> 'soldPriceNew' as new,
        metadata -> 'marketplace' ->> 'soldPriceUsed' as used
      from items where id = any(${sql.param(itemIds)}::int[]) and metadata -> 'marketplace' is not null`,
  )
}

/** Forgets the snapshots and price history of these items. */
export async function deletePricesOf(db: Database, itemIds: number[]): Promise<void> {
  await db.execute(sql`delete from price_history where item_id = any(${sql.param(itemIds)}::int[])`)
  await db.execute(sql`delete from price_snapshots where item_id = any(${sql.param(itemIds)}::int[])`)
}

export async function insertHistoryPoints(
  db: Database,
  points: Array<{ itemId: number; grade: Grade; day: string; fairPrice: string; salesCount: number }>,
): Promise<void> {
  for (let start = 0; start < points.length; start += 5000) {
    const part = points.slice(start, start + 5000)
    await db.execute(
      sql`insert into price_history (item_id, grade, day, fair_price_gbp, sales_count)
        select * from unnest(${sql.param(part.map((p) => p.itemId))}::int[], ${sql.param(part.map((p) => p.grade))}::text[],
          ${sql.param(part.map((p) => p.day))}::date[], ${sql.param(part.map((p) => p.fairPrice))}::numeric[],
          ${sql.param(part.map((p) => p.salesCount))}::int[])`,
    )
  }
}
