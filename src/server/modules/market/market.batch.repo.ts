import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { lockItemGrades } from '#server/db/lock-keys.ts'
import { itemGradeRows, unnestRows } from '#server/db/unnest.ts'
import { emptySaleColumns, type PriceSummary, type SaleColumns } from '#shared/pricing.ts'
import type { Grade } from './market.repo.ts'

/**
 * The recompute of many item-and-grade pairs at once, for the queue's usual case (sales of today): each
 * statement does every pair, so a pass of 200 pairs costs a dozen statements rather than 200 times as many
 * (market.recompute.ts). Each mirrors its one-pair counterpart in market.repo.ts.
 */
export interface Pair {
  itemId: number
  grade: Grade
}

/** lockPrices for each pair, in one order in every worker. */
export async function lockPairs(db: Database, pairs: readonly Pair[]): Promise<void> {
  await lockItemGrades(db, 'prices', pairs)
}

export interface PairSales extends Pair {
  /** How many sales. */
  count: number
  /**
   * The sales as 'day pence id,…' (the day counted from 1970-01-01, the price in whole pence: integers only), by
   * date: parseSales reads them when their pair's turn comes.
   */
  text: string
}

/**
 * Each pair's verified sales from `since` on (all without it), by date, as loadVerifiedSales reads them. Each
 * pair's come as one text, read from the index in its order: a popular pair has thousands, and three arrays
 * of them cost four times as much to send and parse.
 */
export function pairsVerifiedSales(
  db: Database,
  pairs: readonly Pair[],
  since?: string,
): Promise<PairSales[]> {
  return queryRows<PairSales>(
    db,
    sql`select p.item_id as "itemId", p.grade, v.count, v.text from ${itemGradeRows(pairs)}
      cross join lateral (select count(*)::int as count,
          string_agg((o.sale_date - date '1970-01-01')::text || ' ' || (o.price_gbp * 100)::bigint::text || ' ' || o.id::text,
            ',') as text
        from (select s.sale_date, s.price_gbp, s.id from sales s
          where s.item_id = p.item_id and s.grade = p.grade and s.status = 'verified'
            ${since ? sql`and s.sale_date >= ${since}` : sql``}
          order by s.sale_date, s.price_gbp, s.id) o) v
      where v.count > 0`,
  )
}

/** PairSales' sales as columns, read digit by digit (they are sorted by date already). */
export function parseSales({ count, text }: Pick<PairSales, 'count' | 'text'>): SaleColumns {
  const columns = emptySaleColumns(count)
  const targets = [columns.day, columns.pence, columns.id]
  let sale = 0
  let field = 0
  let value = 0
  for (let index = 0; index <= text.length; index++) {
    const code = index < text.length ? text.charCodeAt(index) : COMMA
    if (code >= ZERO && code <= NINE) {
      value = value * 10 + (code - ZERO)
      continue
    }
    ;(targets[field] as Int32Array | Float64Array)[sale] = value
    value = 0
    if (code === COMMA) {
      sale++
      field = 0
    } else field++
  }
  if (sale !== count) throw new Error(`expected ${count} sales, read ${sale}`)
  return columns
}

const ZERO = 48
const NINE = 57
const COMMA = 44

/** The items' marketplace sold prices (see marketplace.ts). */
export function itemsMarketplacePrices(db: Database, itemIds: readonly number[]) {
  return queryRows<{ itemId: number; new: string | null; used: string | null }>(
    db,
    sql`select id as "itemId", metadata -> 'marketplace' ->> 'soldPriceNew' as new,
        metadata -> 'marketplace' ->> 'soldPriceUsed' as used
      from items where id = any(${sql.param([...itemIds])}::int[])`,
  )
}

/** countVerifiedSales for each pair (from the statistics just counted). */
export function pairsSalesCounts(db: Database, pairs: readonly Pair[]) {
  return queryRows<Pair & { count: number }>(
    db,
    sql`select p.item_id as "itemId", p.grade, coalesce(sum(s.sales_count), 0)::int as count
      from ${itemGradeRows(pairs)} left join conditions c on c.grade = p.grade
      left join price_condition_stats s on s.item_id = p.item_id and s.condition_id = c.id
      group by p.item_id, p.grade`,
  )
}

export interface PairPrice extends Pair {
  summary: PriceSummary
}

/** writeHistoryPoints of `today` and upsertSnapshot for each pair. */
export async function writePairsPrices(
  db: Database,
  rows: readonly PairPrice[],
  today: string,
): Promise<SnapshotStamp[]> {
  const unpriced = rows.filter((row) => row.summary.fairPrice === null)
  if (unpriced.length > 0) {
    await db.execute(sql`delete from price_history h using ${itemGradeRows(unpriced)}
      where h.item_id = p.item_id and h.grade = p.grade and h.day = ${today}`)
  }
  const priced = rows.filter((row) => row.summary.fairPrice !== null)
  if (priced.length > 0) {
    await db.execute(sql`insert into price_history (item_id, grade, day, fair_price_gbp, sales_count)
      select u.item_id, u.grade, ${today}::date, u.price, u.count
      from ${unnestRows('u', {
        item_id: sql`${sql.param(priced.map((row) => row.itemId))}::int[]`,
        grade: sql`${sql.param(priced.map((row) => row.grade))}::text[]`,
        price: sql`${sql.param(priced.map((row) => row.summary.fairPrice))}::numeric[]`,
        count: sql`${sql.param(priced.map((row) => row.summary.basisCount))}::int[]`,
      })}
      on conflict (item_id, grade, day) do update set fair_price_gbp = excluded.fair_price_gbp,
        sales_count = excluded.sales_count`)
  }
  // After the history: each snapshot takes its previous day's price from there.
  return upsertSnapshots(db, rows, today)
}

/**
 * Which transaction last wrote a pair's snapshot (its row's `xmin`): every recompute writes it, so a worker
 * that finds the stamp it wrote itself knows that no other recompute of the pair has run since.
 */
export interface SnapshotStamp extends Pair {
  stamp: string
}

/** The snapshots' stamps of these pairs (those that have a snapshot). */
export function snapshotStamps(db: Database, pairs: readonly Pair[]): Promise<SnapshotStamp[]> {
  return queryRows<SnapshotStamp>(
    db,
    sql`select s.item_id as "itemId", s.grade, s.xmin::text as stamp from ${itemGradeRows(pairs)}
      join price_snapshots s on s.item_id = p.item_id and s.grade = p.grade`,
  )
}

/** Of these sales, the verified ones, as their pair and `PairSales`' integers. */
export function verifiedSalesByIds(
  db: Database,
  ids: readonly string[],
): Promise<Array<Pair & { day: number; pence: number; id: number }>> {
  return queryRows(
    db,
    sql`select s.item_id as "itemId", s.grade, s.sale_date - date '1970-01-01' as day,
        (s.price_gbp * 100)::float8 as pence, s.id::float8 as id
      from sales s where s.id = any(${`{${ids.join(',')}}`}::bigint[]) and s.status = 'verified'
      order by s.sale_date, s.price_gbp, s.id`,
  )
}

/**
 * Writes the snapshots of `today`; each previous fair price is the newest history point before today. Answers
 * their stamps.
 */
export function upsertSnapshots(
  db: Database,
  rows: readonly PairPrice[],
  today: string,
): Promise<SnapshotStamp[]> {
  const column = <Value>(pick: (row: PairPrice) => Value) => sql.param(rows.map(pick))
  return queryRows<SnapshotStamp>(
    db,
    sql`insert into price_snapshots (item_id, grade, previous_fair_price_gbp, fair_price_gbp, last_sale_price,
        last_sale_date, avg30d, avg90d, volume30d, sales_count90d, sales_count, trend, confidence, basis, basis_count,
        updated_at)
      select u.item_id, u.grade,
        (select h.fair_price_gbp from price_history h where h.item_id = u.item_id and h.grade = u.grade
          and h.day < ${today} order by h.day desc limit 1),
        u.fair_price, u.last_sale_price, u.last_sale_date, u.avg30d, u.avg90d, u.volume30d, u.sales_count90d,
        u.sales_count, u.trend, u.confidence, u.basis, u.basis_count, now()
      from ${unnestRows('u', {
        item_id: sql`${column((row) => row.itemId)}::int[]`,
        grade: sql`${column((row) => row.grade)}::text[]`,
        fair_price: sql`${column((row) => row.summary.fairPrice)}::numeric[]`,
        last_sale_price: sql`${column((row) => row.summary.lastSale?.priceGbp ?? null)}::numeric[]`,
        last_sale_date: sql`${column((row) => row.summary.lastSale?.saleDate ?? null)}::date[]`,
        avg30d: sql`${column((row) => row.summary.avg30d)}::numeric[]`,
        avg90d: sql`${column((row) => row.summary.avg90d)}::numeric[]`,
        volume30d: sql`${column((row) => row.summary.volume30d)}::int[]`,
        sales_count90d: sql`${column((row) => row.summary.salesCount90d)}::int[]`,
        sales_count: sql`${column((row) => row.summary.salesCount)}::int[]`,
        trend: sql`${column((row) => row.summary.trend)}::numeric[]`,
        confidence: sql`${column((row) => row.summary.confidence)}::text[]`,
        basis: sql`${column((row) => row.summary.basis)}::text[]`,
        basis_count: sql`${column((row) => row.summary.basisCount)}::int[]`,
      })}
      on conflict (item_id, grade) do update set previous_fair_price_gbp = excluded.previous_fair_price_gbp,
        fair_price_gbp = excluded.fair_price_gbp,
        last_sale_price = excluded.last_sale_price, last_sale_date = excluded.last_sale_date, avg30d = excluded.avg30d,
        avg90d = excluded.avg90d, volume30d = excluded.volume30d, sales_count90d = excluded.sales_count90d,
        sales_count = excluded.sales_count, trend = excluded.trend, confidence = excluded.confidence,
        basis = excluded.basis, basis_count = excluded.basis_count, updated_at = now()
      returning item_id as "itemId", grade, xmin::text as stamp`,
  )
}

/** The pairs that have active alerts: only theirs are evaluated. */
export function pairsWithActiveAlerts(db: Database, pairs: readonly Pair[]) {
  return queryRows<Pair>(
    db,
    // Exists, so that an item's first active alert of the grade answers, not all of its (maybe 10,000).
    sql`select p.item_id as "itemId", p.grade from ${itemGradeRows(pairs)}
      where exists (select 1 from alerts a join conditions c on c.id = a.condition_id
        where a.item_id = p.item_id and a.active and c.grade = p.grade)`,
  )
}
