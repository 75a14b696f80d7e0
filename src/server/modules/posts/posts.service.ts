import type { Database } from '#server/db/client.ts'
import { badRequest, forbidden, HttpError, notFound } from '#server/errors.ts'
import {
  COMMENTS_PER_HOUR,
  type Comment,
  type CommentPage,
  type CreatePostData,
  type FeedPage,
  type LikeState,
  POSTS_PER_HOUR,
  type Post,
  type PostReviewPage,
  type ReportPostBody,
  type ReviewedPost,
} from '#shared/contract/community.ts'
import { type Actor, canDeleteComment, canModeratePosts } from '#shared/permissions.ts'
import { findOwnUpload } from '../objects/objects.service.ts'
import {
  changeLike,
  countRecentWritesLocked,
  deleteCommentRow,
  deletePostRow,
  findComment,
  findComments,
  findFeedPage,
  findLike,
  findPostsToReview,
  findReviewedPost,
  findVisiblePost,
  insertComment,
  insertPost,
  insertReport,
  itemExists,
  lockPost,
  setHidden,
} from './posts.repo.ts'

const HOUR_MS = 60 * 60 * 1000
/**
 * A toggle that would take back a like made this recently is the same click arriving again (a double click,
 * a retried request), not a change of mind: the like stays (ADR 020).
 */
const REPEATED_CLICK_MS = 2000

const postNotFound = () => notFound('No post has this id (NOT_FOUND).')

/**
 * A page of the feed (spec 02 §2), newest first, one item's photos when `itemId`: the JSON text of a
 * `FeedPage`, built by the database (posts.repo.ts says why).
 */
export async function feedPageJson({
  db,
  readerId,
  query,
}: {
  db: Database
  readerId: string
  query: { cursor?: number; limit: number; itemId?: number }
}): Promise<string> {
  const page = await findFeedPage(db, {
    readerId,
    beforeId: query.cursor,
    itemId: query.itemId,
    limit: query.limit,
  })
  const nextCursor: FeedPage['nextCursor'] = page.more && page.lastId !== null ? String(page.lastId) : null
  return `{"posts":${page.posts},"nextCursor":${JSON.stringify(nextCursor)}}`
}

/** One post, as the reader may see it. */
export async function readPost({
  db,
  readerId,
  id,
}: {
  db: Database
  readerId: string
  id: number
}): Promise<Post> {
  const post = await findVisiblePost(db, readerId, id)
  if (!post) throw postNotFound()
  return post
}

/**
 * Throws 429 when the member has written `limit` of these in the last hour, saying when they may again;
 * the account row stays locked until the transaction ends, so writes at once are counted in turn.
 */
async function checkHourlyLimit(
  db: Database,
  {
    userId,
    table,
    limit,
    what,
  }: { userId: string; table: 'posts' | 'post_comments'; limit: number; what: string },
): Promise<void> {
  const now = Date.now()
  const { count, oldest } = await countRecentWritesLocked(db, {
    userId,
    table,
    since: new Date(now - HOUR_MS),
  })
  if (count < limit) return
  const minutes = Math.max(1, Math.ceil(((oldest?.getTime() ?? now) + HOUR_MS - now) / 60_000))
  throw new HttpError(
    429,
    `You can write ${limit} ${what} an hour; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    'RATE_LIMITED',
  )
}

/** A new post (spec 02 §5, §7): a caption, a photo the author uploaded, and the item it shows if any. */
export async function createPost({
  db,
  author,
  body,
}: {
  db: Database
  author: Actor
  body: CreatePostData
}): Promise<Post> {
  const id = await db.transaction(async (tx) => {
    await checkHourlyLimit(tx, { userId: author.id, table: 'posts', limit: POSTS_PER_HOUR, what: 'posts' })
    const upload = await findOwnUpload({ db: tx, userId: author.id, imagePath: body.imageUrl })
    if (!upload) {
      throw badRequest('That photo is not one of your uploads, or it has expired: please upload it again.')
    }
    if (body.itemId !== null && !(await itemExists(tx, body.itemId))) throw notFound('Item not found')
    return insertPost(tx, {
      userId: author.id,
      caption: body.caption,
      imageUrl: upload.imagePath,
      thumbnailUrl: upload.thumbnailPath,
      uploadId: upload.id,
      itemId: body.itemId,
    })
  })
  return readPost({ db, readerId: author.id, id })
}

/** Deletes the reader's own post; someone else's is refused (403), or missing if hidden from them. */
export async function deletePost({
  db,
  actor,
  id,
}: {
  db: Database
  actor: Actor
  id: number
}): Promise<void> {
  await db.transaction(async (tx) => {
    const post = await lockPost(tx, id)
    if (!post || (post.hidden && post.userId !== actor.id)) throw postNotFound()
    if (post.userId !== actor.id) throw forbidden('You can delete only your own posts.')
    await deletePostRow(tx, id)
  })
}

/** The post's row locked, if the reader may see it. */
async function lockVisiblePost(db: Database, readerId: string, id: number) {
  const post = await lockPost(db, id)
  if (!post || (post.hidden && post.userId !== readerId)) throw postNotFound()
  return post
}

/**
 * Likes or unlikes the post (spec 02 §4): `liked` is the state wanted; without it the like toggles, except
 * that a toggle right after a like keeps it (REPEATED_CLICK_MS). One like per member and post, however many
 * requests arrive at once: they take the post's row in turn.
 */
export async function setLike({
  db,
  readerId,
  id,
  liked,
}: {
  db: Database
  readerId: string
  id: number
  liked?: boolean
}): Promise<LikeState> {
  return db.transaction(async (tx) => {
    await lockVisiblePost(tx, readerId, id)
    const likedAt = await findLike(tx, id, readerId)
    const wanted = liked ?? (likedAt === undefined || Date.now() - likedAt.getTime() < REPEATED_CLICK_MS)
    const likesCount = await changeLike(tx, id, readerId, wanted)
    return { liked: wanted, likesCount }
  })
}

/** A page of the post's comments, oldest first, with how many it has. */
export async function commentPage({
  db,
  readerId,
  postId,
  query,
}: {
  db: Database
  readerId: string
  postId: number
  query: { cursor?: number; limit: number }
}): Promise<CommentPage> {
  const post = await readPost({ db, readerId, id: postId })
  const rows = await findComments(db, { readerId, postId, afterId: query.cursor, limit: query.limit + 1 })
  const comments = rows.slice(0, query.limit)
  const last = comments.at(-1)
  return {
    comments,
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    total: post.commentsCount,
  }
}

/** A new comment on a post the author may see. */
export async function createComment({
  db,
  author,
  postId,
  content,
}: {
  db: Database
  author: Actor
  postId: number
  content: string
}): Promise<Comment> {
  const id = await db.transaction(async (tx) => {
    await checkHourlyLimit(tx, {
      userId: author.id,
      table: 'post_comments',
      limit: COMMENTS_PER_HOUR,
      what: 'comments',
    })
    await lockVisiblePost(tx, author.id, postId)
    return insertComment(tx, { postId, userId: author.id, content })
  })
  return (await findComment(db, author.id, id)) as Comment
}

/** Deletes a comment: its author's, or any for a moderator. */
export async function deleteComment({
  db,
  actor,
  postId,
  id,
}: {
  db: Database
  actor: Actor
  postId: number
  id: number
}): Promise<void> {
  await db.transaction(async (tx) => {
    await lockVisiblePost(tx, actor.id, postId)
    const comment = await findComment(tx, actor.id, id)
    if (!comment || comment.postId !== postId)
      throw notFound('No comment of this post has this id (NOT_FOUND).')
    if (!canDeleteComment(actor, { userId: comment.user.id })) {
      throw forbidden('You can delete only your own comments.')
    }
    await deleteCommentRow(tx, postId, id)
  })
}

/** Flags the post for the moderators (once per member); one's own post is not reported. */
export async function reportPost({
  db,
  reporterId,
  id,
  body,
}: {
  db: Database
  reporterId: string
  id: number
  body: ReportPostBody
}): Promise<void> {
  const post = await readPost({ db, readerId: reporterId, id })
  if (post.isOwn) throw badRequest('This is your own post: delete it instead of reporting it.')
  await insertReport(db, { postId: id, reporterId, reason: body.reason, details: body.details })
}

function assertModerator(actor: Actor): void {
  if (!canModeratePosts(actor)) throw forbidden('Only trusted members and admins can moderate posts.')
}

/** The moderation screen's posts: reported (most reported first) or hidden. */
export async function postReviewPage({
  db,
  actor,
  query,
}: {
  db: Database
  actor: Actor
  query: { status: 'reported' | 'hidden'; limit: number; offset: number }
}): Promise<PostReviewPage> {
  assertModerator(actor)
  return findPostsToReview(db, { moderatorId: actor.id, ...query })
}

/**
 * Hides a post from everyone but its author (its reports were right), or restores it (they were not):
 * moderators only.
 */
export async function moderatePost({
  db,
  actor,
  id,
  hidden,
}: {
  db: Database
  actor: Actor
  id: number
  hidden: boolean
}): Promise<ReviewedPost> {
  assertModerator(actor)
  await db.transaction(async (tx) => {
    if (!(await lockPost(tx, id))) throw postNotFound()
    await setHidden(tx, { postId: id, moderatorId: actor.id, hidden })
  })
  return (await findReviewedPost(db, actor.id, id)) as ReviewedPost
}
