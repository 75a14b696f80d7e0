import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { countInConditionStats, type Grade } from './market.repo.ts'

/** The item's type and, per grade, its best condition (highest score); undefined when there is no such item. */
export async function bestConditionPerGrade(
  db: Database,
  itemId: number,
): Promise<{ new: number | null; used: number | null } | undefined> {
  const rows = await queryRows<{ new: number | null; used: number | null }>(
    db,
    sql`select
        (select c.id from conditions c where c.category = i.type and c.grade = 'new' order by c.score desc limit 1) as new,
        (select c.id from conditions c where c.category = i.type and c.grade = 'used' order by c.score desc limit 1) as used
      from items i where i.id = ${itemId}`,
  )
  return rows[0]
}

export interface VerifiedFeedSale {
  conditionId: number
  grade: Grade
  priceGbp: string
  originalPrice: string
  currency: string
  saleDate: string
  sourceRef: string
}

/**
 * Inserts verified sales of one item from a feed in one statement (a guide has hundreds), leaving out those
 * already recorded (sales_duplicate_key). Answers, per grade, how many were new and the earliest day among them.
 */
export async function insertVerifiedFeedSales(
  db: Database,
  itemId: number,
  source: string,
  sales: VerifiedFeedSale[],
): Promise<Array<{ grade: Grade; recorded: number; fromDay: string }>> {
  if (sales.length === 0) return []
  const column = <K extends keyof VerifiedFeedSale>(key: K) => sql.param(sales.map((sale) => sale[key]))
  return queryRows(
    db,
    sql`with inserted as (
        insert into sales (item_id, condition_id, grade, price_gbp, original_price, currency, sale_date, source,
          source_ref, status)
        select ${itemId}, u.condition_id, u.grade, u.price_gbp, u.original_price, u.currency, u.sale_date, ${source},
          u.source_ref, 'verified'
        from unnest(${column('conditionId')}::int[], ${column('grade')}::text[], ${column('priceGbp')}::numeric[],
          ${column('originalPrice')}::numeric[], ${column('currency')}::char(3)[], ${column('saleDate')}::date[],
          ${column('sourceRef')}::text[])
          as u(condition_id, grade, price_gbp, original_price, currency, sale_date, source_ref)
        on conflict do nothing
        returning item_id, condition_id, price_gbp, grade, sale_date),
      counted as (${countInConditionStats(sql`select item_id, condition_id, price_gbp from inserted`, 1)})
      select grade, count(*)::int as recorded, min(sale_date)::text as "fromDay" from inserted group by grade`,
  )
}

/**
 * Sets the item's marketplace values (`metadata.marketplace`, read by marketplace.ts) that are given, keeping
 * the others; answers the grades whose value changed. Undefined when there is no such item.
 */
export async function writeMarketplaceValues(
  db: Database,
  itemId: number,
  values: { soldPriceNew?: string; soldPriceUsed?: string; source: string; updatedAt: string },
): Promise<{ newChanged: boolean; usedChanged: boolean } | undefined> {
  const rows = await queryRows<{ newChanged: boolean; usedChanged: boolean }>(
    db,
    sql`with old as (select metadata -> 'marketplace' as m from items where id = ${itemId} for update),
      updated as (
        update items set metadata = jsonb_set(coalesce(metadata, '{}'::jsonb), '{marketplace}',
          coalesce(metadata -> 'marketplace', '{}'::jsonb) || jsonb_strip_nulls(jsonb_build_object(
            'soldPriceNew', ${values.soldPriceNew ?? null}::text, 'soldPriceUsed', ${values.soldPriceUsed ?? null}::text,
            'source', ${values.source}::text, 'updatedAt', ${values.updatedAt}::text)))
        where id = ${itemId}
        returning metadata -> 'marketplace' as m)
      select (old.m ->> 'soldPriceNew') is distinct from (updated.m ->> 'soldPriceNew') as "newChanged",
        (old.m ->> 'soldPriceUsed') is distinct from (updated.m ->> 'soldPriceUsed') as "usedChanged"
      from old, updated`,
  )
  return rows[0]
}
