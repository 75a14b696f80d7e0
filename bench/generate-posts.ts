import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'

const MEMBERS = 2000
const LIKES_PER_POST = 10

/**
 * The community at DESIGN §9's scale: `count` posts (one a minute back from now, a third of them showing an
 * item) by 2,000 members and the users already there, and ten likes per post from different members, so
 * 100,000 posts carry 1,000,000 likes. Nothing is made twice: a database that has the posts keeps them.
 */
export async function generatePosts(db: Database, { count }: { count: number }): Promise<boolean> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from posts`)
  if ((existing?.n ?? 0) >= count) return false
  await db.execute(
    sql`insert into users (email, first_name, last_name, onboarding_completed, profile_type)
      select 'member' || n || '@brickfolio.test', 'Member', 'No. ' || n, true, 'collector'
      from generate_series(1, ${MEMBERS}) n
      on conflict (email) do nothing`,
  )
  // One transaction: one connection, so its temporary tables are seen by every statement.
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table bench_people on commit drop as
    select id, (row_number() over (order by id) - 1)::int as rank from users`)
    await tx.execute(sql`create temporary table bench_items on commit drop as
    select id, (row_number() over (order by md5(id::text)) - 1)::int as rank
    from (select id from items order by md5(id::text) limit 5000) i`)
    await tx.execute(
      sql`insert into posts (user_id, caption, image_url, thumbnail_url, item_id, created_at)
      select u.id, 'Bench post ' || n, '/objects/bench' || n || '.webp', '/objects/bench' || n || '-thumb.webp',
        case when n % 3 = 0 then i.id end, now() - (${count} - n) * interval '1 minute'
      from generate_series(1, ${count}) n
      join bench_people u on u.rank = n % (select count(*) from bench_people)
      join bench_items i on i.rank = n % 5000`,
    )
    // Ten different members like each post: 37p + 211k modulo the member count differs for k = 0 … 9.
    await tx.execute(
      sql`insert into post_likes (post_id, user_id)
      select p.id, u.id from posts p cross join generate_series(0, ${LIKES_PER_POST - 1}) k
      join bench_people u on u.rank = (p.id * 37 + k * 211) % (select count(*) from bench_people)
      on conflict do nothing`,
    )
    await tx.execute(
      sql`update posts p set likes_count = l.n from (select post_id, count(*)::int as n from post_likes group by post_id) l
      where l.post_id = p.id`,
    )
  })
  await db.execute(sql`vacuum analyze posts, post_likes, users`)
  return true
}
