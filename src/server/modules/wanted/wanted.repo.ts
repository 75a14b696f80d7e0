import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import type { WantedItem } from '#shared/contract/imports.ts'
import type { Grade } from '#shared/contract/values.ts'

/**
 * A page of the user's wanted list, newest first, each with today's fair price of the grade wanted (the new
 * price when either grade will do), and how many items the list holds.
 */
export async function findWantedPage(
  db: Database,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: WantedItem[]; total: number }> {
  const [row] = await queryRows<{ items: WantedItem[]; total: number }>(
    db,
    sql`with page as (
        select w.*, row_number() over (order by w.created_at desc, w.id desc) as position
        from wanted_items w where w.user_id = ${userId}
        order by w.created_at desc, w.id desc limit ${limit} offset ${offset})
      select coalesce((select json_agg(json_build_object(
          'id', w.id,
          'item', json_build_object('id', i.id, 'type', i.type, 'number', i.number, 'name', i.name, 'slug', i.slug,
            'theme', i.theme, 'year', i.year, 'imageUrl', i.image_url),
          'grade', w.grade, 'quantity', w.quantity, 'quantityFilled', w.quantity_filled,
          'maxPrice', w.max_price::text, 'maxPriceOriginal', w.max_price_original::text,
          'currency', w.currency, 'notes', w.notes, 'source', w.source,
          'fairPriceGbp', ps.fair_price_gbp::text,
          'hasPriceAlert', exists(select 1 from alerts a join conditions c on c.id = a.condition_id
            where a.user_id = w.user_id and a.item_id = w.item_id and a.direction = 'below'
              and c.grade = coalesce(w.grade, 'new')),
          'createdAt', ${isoTimestamp(sql`w.created_at`)})
          order by w.position)
        from page w join items i on i.id = w.item_id
        left join price_snapshots ps on ps.item_id = w.item_id and ps.grade = coalesce(w.grade, 'new')), '[]') as items,
        (select count(*)::int from wanted_items where user_id = ${userId}) as total`,
  )
  return row as { items: WantedItem[]; total: number }
}

/** What a wanted item's alert is made of: its item, grade and limit (in pounds, and as the file wrote it). */
export interface WantedLimit {
  id: number
  itemId: number
  grade: Grade | null
  maxPrice: string | null
  maxPriceOriginal: string | null
  currency: string | null
}

/** The user's wanted items (these ids, or all), newest first, with their limits; another user's are left out. */
export function findWantedLimits(
  db: Database,
  userId: string,
  ids?: readonly number[],
): Promise<WantedLimit[]> {
  return queryRows<WantedLimit>(
    db,
    sql`select id, item_id as "itemId", grade, max_price::text as "maxPrice",
        max_price_original::text as "maxPriceOriginal", currency
      from wanted_items where user_id = ${userId}
        ${ids ? sql`and id = any(${sql.param(ids)}::int[])` : sql``}
      order by created_at desc, id desc`,
  )
}

export async function deleteOwnWanted(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from wanted_items where id = ${id} and user_id = ${userId} returning id`,
  )
  return rows.length > 0
}
