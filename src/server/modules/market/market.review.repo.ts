import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import type { ReviewSale } from '#shared/contract/moderation.ts'
import { saleColumns } from './market.repo.ts'

/**
 * Sales waiting for a moderator (pending: the oldest first, so none waits forever) or already rejected
 * (the newest first), with their item and who submitted them.
 */
export async function listSalesForReview(
  db: Database,
  status: 'pending' | 'rejected',
  page: { limit: number; offset: number },
) {
  const order = status === 'pending' ? sql`s.created_at, s.id` : sql`s.created_at desc, s.id desc`
  const [sales, counted] = await Promise.all([
    queryRows<ReviewSale>(
      db,
      sql`select ${saleColumns},
          json_build_object('id', i.id, 'type', i.type, 'number', i.number, 'name', i.name, 'slug', i.slug,
            'imageUrl', i.image_url) as item,
          case when u.id is null then null else json_build_object('id', u.id, 'email', u.email,
            'name', nullif(concat_ws(' ', u.first_name, u.last_name), '')) end as submitter
        from sales s
        join conditions c on c.id = s.condition_id
        join items i on i.id = s.item_id
        left join users u on u.id = s.submitter_id
        where s.status = ${status}
        order by ${order} limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from sales where status = ${status}`),
  ])
  return { sales, total: counted[0]?.total ?? 0 }
}
