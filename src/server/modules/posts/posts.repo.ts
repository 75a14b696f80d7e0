import { type SQL, sql } from 'drizzle-orm'
import { batchedPerDatabase } from '#server/db/batch.ts'
import { type Database, queryRows } from '#server/db/client.ts'
import {
  isoTimestamp,
  jsonLiteral,
  jsonObject,
  jsonObjectAfter,
  jsonPlainString,
  jsonString,
} from '#server/db/json-text.ts'
import { builtPerShape } from '#server/db/statement.ts'
import { unnestRows } from '#server/db/unnest.ts'
import type { Comment, Post, ReviewedPost } from '#shared/contract/community.ts'

/** A post's author, or a comment's or a report's, as the JSON text of `authorSchema`. */
const authorJson = (alias: 'u' | 'r') =>
  jsonObject({
    id: jsonPlainString(sql.raw(`${alias}.id`)),
    firstName: jsonString(sql.raw(`${alias}.first_name`)),
    lastName: jsonString(sql.raw(`${alias}.last_name`)),
    profileImageUrl: jsonString(sql.raw(`${alias}.profile_image_url`)),
  })

/**
 * A post as `readerId` sees it, as the JSON text of the contract's shape (`postSchema`): its own fields, its item
 * and author and its counts as the database keeps them written (`posts.page_json`, migration 0037, ADR 041), then
 * what the reader changes — whether they like it, whether it is theirs — and whether it is hidden. A feed page of
 * twenty posts looked up each one's item and author and wrote every value out: 60 % of its statement.
 */
const postJson = (readerId: SQL | string) =>
  jsonObjectAfter(sql`p.page_json`, {
    isLikedByUser: jsonLiteral(
      sql`exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ${readerId})`,
    ),
    isOwn: jsonLiteral(sql`p.user_id = ${readerId}`),
    hidden: jsonLiteral(sql`p.hidden_at is not null`),
  })

/** A post as a moderator reviews it: the post with its open reports and when it was hidden. */
const reviewedPostJson = (moderatorId: string) => sql`(${postJson(moderatorId)})::jsonb
  || jsonb_build_object('reports', ${reportsOf}, 'hiddenAt', ${isoTimestamp(sql`p.hidden_at`)})`

/** The one visibility rule: a hidden post is seen by its author alone. */
const visibleTo = (readerId: string) => sql`(p.hidden_at is null or p.user_id = ${readerId})`

export interface FeedPageRequest {
  readerId: string
  /** Only posts with ids below this one (the cursor). */
  beforeId?: number
  /** Only this item's posts. */
  itemId?: number
  limit: number
}

/** Above every post id: the first page's "before". */
const ABOVE_ANY_ID = 2_147_483_647

/** A feed page as JSON text, and where the next one starts (null at the end). */
export interface FeedPageJson {
  posts: string
  lastId: number | null
  more: boolean
}

/**
 * Pages of the posts their readers may see, newest first, for many requests in one statement, each page as
 * the JSON text of its posts: twenty posts are built once, here, instead of being read as rows, checked and
 * written again (docs/benchmark-history.md). Each page is chosen first and only its posts are looked up and asked
 * about likes: over the whole table the planner would hash all of a reader's likes (a scan of a million rows)
 * instead of probing twenty. The feed and an item's photos are two branches, so each walks its own index
 * backwards from the cursor. One post more than the page is read, to tell whether another page follows;
 * only the page's own posts are written out.
 */
export async function findFeedPages(
  db: Database,
  requests: readonly FeedPageRequest[],
): Promise<FeedPageJson[]> {
  // The limit is written out: as a parameter the planner would guess a tenth of the table per page, and at
  // that cost PostgreSQL compiles the statement (JIT), which takes longer than running it.
  const limit = Math.max(...requests.map((request) => request.limit)) + 1
  if (!Number.isSafeInteger(limit) || limit < 2) throw new Error(`not a page size: ${limit}`)
  const rows = await queryRows<FeedPageJson & { n: number }>(
    db,
    feedPagesStatement(
      { limit },
      {
        readers: requests.map((request) => request.readerId),
        befores: requests.map((request) => request.beforeId ?? ABOVE_ANY_ID),
        items: requests.map((request) => request.itemId ?? null),
        limits: requests.map((request) => request.limit),
      },
    ),
  )
  return rows.map(({ n: _, ...page }) => page)
}

/** findFeedPages's statement, built once per page size (ADR 027): one column of arguments per request's field. */
const feedPagesStatement = builtPerShape<
  { limit: number },
  { readers: string[]; befores: number[]; items: (number | null)[]; limits: number[] }
>(({ limit }, p) => {
  const page = (
    filter: SQL,
  ) => sql`select r.n, p.*, row_number() over (partition by r.n order by p.id desc) as place
    from r cross join lateral (
      select * from posts p where ${filter} and p.id < r.before and (p.hidden_at is null or p.user_id = r.reader)
      order by p.id desc limit ${sql.raw(String(limit))}) p`
  return sql`with r as (
        select reader, before, item, lim, n::int from ${unnestRows(
          'u',
          {
            reader: sql`${p.readers}::uuid[]`,
            before: sql`${p.befores}::int[]`,
            item: sql`${p.items}::int[]`,
            lim: sql`${p.limits}::int[]`,
          },
          'n',
        )}),
      picked as (${page(sql`r.item is null`)} union all ${page(sql`p.item_id = r.item`)})
      select r.n, '[' || coalesce(string_agg(${postJson(sql`r.reader`)}, ',' order by p.id desc)
          filter (where p.place <= r.lim), '') || ']' as posts,
        min(p.id) filter (where p.place <= r.lim) as "lastId", count(p.id) > r.lim as more
      from r left join picked p on p.n = r.n group by r.n, r.lim, r.reader order by r.n`
})

/** findFeedPages of one request, sharing its statement with the pages asked for at the same moment. */
export const findFeedPage = batchedPerDatabase(findFeedPages)

/** One post as the reader may see it; a post hidden from them is as good as missing. */
export async function findVisiblePost(db: Database, readerId: string, id: number): Promise<Post | undefined> {
  const rows = await queryRows<{ post: Post }>(
    db,
    sql`select (${postJson(readerId)})::json as post from posts p where p.id = ${id} and ${visibleTo(readerId)}`,
  )
  return rows[0]?.post
}

export interface LockedPost {
  id: number
  userId: string
  hidden: boolean
}

/**
 * The post's row, locked until the transaction ends: likes and comments of one post are counted one after the
 * other, so its counts stay equal to its rows.
 */
export async function lockPost(db: Database, id: number): Promise<LockedPost | undefined> {
  const rows = await queryRows<LockedPost>(
    db,
    sql`select id, user_id as "userId", hidden_at is not null as hidden from posts where id = ${id} for update`,
  )
  return rows[0]
}

/**
 * The user's account row locked until the transaction ends, and how many posts or comments they wrote since
 * `since`, with the oldest of them: two writes at once are counted one after the other, so the hourly limit
 * holds.
 */
export async function countRecentWritesLocked(
  db: Database,
  { userId, table, since }: { userId: string; table: 'posts' | 'post_comments'; since: Date },
): Promise<{ count: number; oldest: Date | null }> {
  await db.execute(sql`select 1 from users where id = ${userId} for update`)
  const rows = await queryRows<{ count: number; oldest: string | null }>(
    db,
    sql`select count(*)::int as count, min(created_at)::text as oldest from ${sql.identifier(table)}
      where user_id = ${userId} and created_at > ${since.toISOString()}`,
  )
  const row = rows[0] ?? { count: 0, oldest: null }
  return { count: row.count, oldest: row.oldest ? new Date(row.oldest) : null }
}

export async function itemExists(db: Database, itemId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from items where id = ${itemId}`)
  return rows.length > 0
}

export async function insertPost(
  db: Database,
  post: {
    userId: string
    caption: string
    imageUrl: string
    thumbnailUrl: string
    uploadId: string
    itemId: number | null
  },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into posts (user_id, caption, image_url, thumbnail_url, upload_id, item_id)
      values (${post.userId}, ${post.caption}, ${post.imageUrl}, ${post.thumbnailUrl}, ${post.uploadId},
        ${post.itemId})
      returning id`,
  )
  return (rows[0] as { id: number }).id
}

/** Deletes the post (its likes and comments go with it) and the reports about it. */
export async function deletePostRow(db: Database, id: number): Promise<void> {
  await db.execute(sql`delete from moderation_flags where entity_type = 'post' and entity_id = ${String(id)}`)
  await db.execute(sql`delete from posts where id = ${id}`)
}

/** When the user liked the post, if they do. */
export async function findLike(db: Database, postId: number, userId: string): Promise<Date | undefined> {
  const rows = await queryRows<{ createdAt: string }>(
    db,
    sql`select created_at::text as "createdAt" from post_likes where post_id = ${postId} and user_id = ${userId}`,
  )
  return rows[0] ? new Date(rows[0].createdAt) : undefined
}

/** Adds or removes the like and moves the post's count with it; answers the count. */
export async function changeLike(
  db: Database,
  postId: number,
  userId: string,
  liked: boolean,
): Promise<number> {
  const change = liked
    ? sql`insert into post_likes (post_id, user_id) values (${postId}, ${userId}) on conflict do nothing returning 1`
    : sql`delete from post_likes where post_id = ${postId} and user_id = ${userId} returning 1`
  const rows = await queryRows<{ likesCount: number }>(
    db,
    sql`with changed as (${change})
      update posts set likes_count = likes_count + ${liked ? 1 : -1} * (select count(*)::int from changed)
      where id = ${postId} returning likes_count as "likesCount"`,
  )
  return (rows[0] as { likesCount: number }).likesCount
}

const commentColumns = (readerId: string) => sql`c.id, c.post_id as "postId", c.content,
  ${isoTimestamp(sql`c.created_at`)} as "createdAt", (${authorJson('u')})::json as user, c.user_id = ${readerId} as "isOwn"`

/** A page of the post's comments, oldest first: ids above `afterId`. */
export function findComments(
  db: Database,
  { readerId, postId, afterId, limit }: { readerId: string; postId: number; afterId?: number; limit: number },
): Promise<Comment[]> {
  const after = afterId === undefined ? sql`` : sql`and c.id > ${afterId}`
  return queryRows<Comment>(
    db,
    sql`select ${commentColumns(readerId)} from post_comments c join users u on u.id = c.user_id
      where c.post_id = ${postId} ${after} order by c.id limit ${limit}`,
  )
}

export async function findComment(db: Database, readerId: string, id: number): Promise<Comment | undefined> {
  const rows = await queryRows<Comment>(
    db,
    sql`select ${commentColumns(readerId)} from post_comments c join users u on u.id = c.user_id
      where c.id = ${id}`,
  )
  return rows[0]
}

/** Adds a comment and counts it on its post; answers its id. */
export async function insertComment(
  db: Database,
  { postId, userId, content }: { postId: number; userId: string; content: string },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with added as (insert into post_comments (post_id, user_id, content)
        values (${postId}, ${userId}, ${content}) returning id)
      , counted as (update posts set comments_count = comments_count + 1 where id = ${postId})
      select id from added`,
  )
  return (rows[0] as { id: number }).id
}

export async function deleteCommentRow(db: Database, postId: number, id: number): Promise<void> {
  await db.execute(
    sql`with removed as (delete from post_comments where id = ${id} returning 1)
      update posts set comments_count = comments_count - (select count(*)::int from removed)
      where id = ${postId}`,
  )
}

/** Records the member's report of the post; a second report by the same member changes nothing. */
export async function insertReport(
  db: Database,
  {
    postId,
    reporterId,
    reason,
    details,
  }: { postId: number; reporterId: string; reason: string; details?: string },
): Promise<void> {
  await db.execute(
    sql`insert into moderation_flags (entity_type, entity_id, code, status, notes, created_by)
      values ('post', ${String(postId)}, 'reported', 'open', ${JSON.stringify({ reason, details: details || null })},
        ${reporterId})
      on conflict (entity_type, entity_id, created_by) where code = 'reported' do nothing`,
  )
}

const reportsOf = sql`coalesce((select json_agg(json_build_object(
      'reason', f.notes::json->>'reason', 'details', f.notes::json->>'details',
      'reporter', case when r.id is null then null else (${authorJson('r')})::json end,
      'createdAt', ${isoTimestamp(sql`f.created_at`)}) order by f.created_at)
    from moderation_flags f left join users r on r.id = f.created_by
    where f.entity_type = 'post' and f.entity_id = p.id::text and f.code = 'reported' and f.status = 'open'),
  '[]'::json)`

/**
 * The moderation screen's posts: those with open reports, the most reported first, or the hidden ones, the
 * latest hidden first.
 */
export async function findPostsToReview(
  db: Database,
  {
    moderatorId,
    status,
    limit,
    offset,
  }: { moderatorId: string; status: 'reported' | 'hidden'; limit: number; offset: number },
): Promise<{ posts: ReviewedPost[]; total: number }> {
  const reported = sql`select f.entity_id::int as id, count(*) as reports, max(f.created_at) as latest
    from moderation_flags f where f.entity_type = 'post' and f.code = 'reported' and f.status = 'open'
    group by f.entity_id`
  const [selection, order] =
    status === 'reported'
      ? [sql`(${reported}) q join posts p on p.id = q.id`, sql`q.reports desc, q.latest desc, p.id desc`]
      : [sql`posts p`, sql`p.hidden_at desc, p.id desc`]
  const filter = status === 'hidden' ? sql`where p.hidden_at is not null` : sql``
  const rows = await queryRows<{ post: ReviewedPost; total: number }>(
    db,
    sql`select ${reviewedPostJson(moderatorId)} as post, count(*) over ()::int as total
      from ${selection} ${filter}
      order by ${order} limit ${limit} offset ${offset}`,
  )
  const total = rows[0]?.total ?? (offset > 0 ? await countPostsToReview(db, status) : 0)
  return { posts: rows.map((row) => row.post), total }
}

async function countPostsToReview(db: Database, status: 'reported' | 'hidden'): Promise<number> {
  const count =
    status === 'reported'
      ? sql`select count(distinct entity_id)::int as n from moderation_flags
          where entity_type = 'post' and code = 'reported' and status = 'open'`
      : sql`select count(*)::int as n from posts where hidden_at is not null`
  const rows = await queryRows<{ n: number }>(db, count)
  return rows[0]?.n ?? 0
}

/**
 * Hides or restores the post and settles its open reports: hiding resolves them (they were right),
 * restoring dismisses them.
 */
export async function setHidden(
  db: Database,
  { postId, moderatorId, hidden }: { postId: number; moderatorId: string; hidden: boolean },
): Promise<void> {
  await db.execute(
    hidden
      ? sql`update posts set hidden_at = coalesce(hidden_at, now()), hidden_by = coalesce(hidden_by, ${moderatorId})
          where id = ${postId}`
      : sql`update posts set hidden_at = null, hidden_by = null where id = ${postId}`,
  )
  await db.execute(
    sql`update moderation_flags set status = ${hidden ? 'resolved' : 'dismissed'}
      where entity_type = 'post' and entity_id = ${String(postId)} and code = 'reported' and status = 'open'`,
  )
}

/** The post as a moderator reviews it, with its open reports. */
export async function findReviewedPost(
  db: Database,
  moderatorId: string,
  id: number,
): Promise<ReviewedPost | undefined> {
  const rows = await queryRows<{ post: ReviewedPost }>(
    db,
    sql`select ${reviewedPostJson(moderatorId)} as post from posts p where p.id = ${id}`,
  )
  return rows[0]?.post
}
