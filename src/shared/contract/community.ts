import { z } from 'zod'
import { idSchema, itemTypeSchema, queryInteger } from './common.ts'
import { OBJECT_PATH_PATTERN } from './objects.ts'

/**
 * The community (spec 02 §2 Community feed and Gallery, §5 post rules, §7 calls; issue 14): photos members
 * share, with likes, comments and reports. Captions and comments are plain text, shown as text.
 */

export const CAPTION_REQUIRED = 'Please add a caption'
export const CAPTION_MAX_LENGTH = 2000
export const COMMENT_MAX_LENGTH = 1000
/** How many posts and comments one member may write in an hour (issue 14 part 4). */
export const POSTS_PER_HOUR = 20
export const COMMENTS_PER_HOUR = 100
export const FEED_PAGE_SIZE = 20

const CURSOR_MESSAGE = 'cursor must be the nextCursor of the page before'

/** A page cursor: the last id of the page before (keyset paging, newest first), so an id like any other. */
const cursorSchema = idSchema({ name: 'cursor', message: CURSOR_MESSAGE })

/** The one who wrote a post or comment (the feed shows 'LEGO Fan' when there is no name). */
export const authorSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
})
export type Author = z.infer<typeof authorSchema>

export const postItemSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  slug: z.string(),
  type: itemTypeSchema,
  imageUrl: z.string().nullable(),
})

/** A post as the feed, the gallery and an item's page show it (spec 02 §6 Post). */
export const postSchema = z.object({
  id: z.number().int(),
  caption: z.string(),
  /** The display size (≤ 1600 px). */
  imageUrl: z.string(),
  /** The thumbnail (≤ 400 px) for grids; null for a post made before thumbnails. */
  thumbnailUrl: z.string().nullable(),
  itemId: z.number().int().nullable(),
  item: postItemSchema.nullable(),
  user: authorSchema,
  createdAt: z.string(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  isLikedByUser: z.boolean(),
  /** The reader wrote it (they may delete it). */
  isOwn: z.boolean(),
  /** Hidden by a moderator: only its author (and moderators) see it, marked so. */
  hidden: z.boolean(),
})
export type Post = z.infer<typeof postSchema>

/** GET /api/posts/feed: newest first, `limit` at a time; `itemId` keeps one item's photos. */
export const feedQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: queryInteger({ name: 'limit', min: 1, max: 50 }).default(FEED_PAGE_SIZE),
  itemId: idSchema({ name: 'itemId' }).optional(),
})
export type FeedQuery = z.input<typeof feedQuerySchema>

export const feedPageSchema = z.object({
  posts: z.array(postSchema),
  /** Pass as `cursor` for the next page; null: this was the last. */
  nextCursor: z.string().nullable(),
})
export type FeedPage = z.infer<typeof feedPageSchema>

/** A caption as typed (spec 02 §5): required after trimming. */
export const captionSchema = z
  .string({ message: CAPTION_REQUIRED })
  .trim()
  .min(1, { message: CAPTION_REQUIRED })
  .max(CAPTION_MAX_LENGTH, { message: `A caption has at most ${CAPTION_MAX_LENGTH} characters` })

/** POST /api/posts (spec 02 §7): the caption, an uploaded image of yours, and optionally the item it shows. */
export const createPostBodySchema = z.object({
  caption: captionSchema,
  imageUrl: z
    .string({ message: 'Please choose a photo to share' })
    .regex(OBJECT_PATH_PATTERN, { message: 'imageUrl must be the objectPath of a photo you uploaded' }),
  itemId: idSchema({ name: 'itemId', message: 'itemId must be an item id' }).nullable().default(null),
})
export type CreatePostBody = z.input<typeof createPostBodySchema>
export type CreatePostData = z.output<typeof createPostBodySchema>

/**
 * POST /api/posts/{id}/like: `liked` says which state you want (a repeated click changes nothing); without
 * it the like toggles (spec 02 §4).
 */
export const likeBodySchema = z.preprocess(
  (body) => body ?? {},
  z.object({ liked: z.boolean({ message: 'liked must be true or false' }).optional() }),
)
export const likeStateSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() })
export type LikeState = z.infer<typeof likeStateSchema>

export const commentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  user: authorSchema,
  isOwn: z.boolean(),
})
export type Comment = z.infer<typeof commentSchema>

/** GET /api/posts/{id}/comments: oldest first, `limit` at a time. */
export const commentsQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: queryInteger({ name: 'limit', min: 1, max: 100 }).default(50),
})
export const commentPageSchema = z.object({
  comments: z.array(commentSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
})
export type CommentPage = z.infer<typeof commentPageSchema>

export const createCommentBodySchema = z.object({
  content: z
    .string({ message: 'Please write a comment' })
    .trim()
    .min(1, { message: 'Please write a comment' })
    .max(COMMENT_MAX_LENGTH, { message: `A comment has at most ${COMMENT_MAX_LENGTH} characters` }),
})
export type CreateCommentBody = z.input<typeof createCommentBodySchema>

export const REPORT_REASONS = ['spam', 'offensive', 'not-bricks', 'other'] as const
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  'not-bricks': 'Not about building bricks',
  other: 'Something else',
}
export const REPORT_DETAILS_MAX_LENGTH = 500

/** POST /api/posts/{id}/report: a flag for the moderators; reporting again changes nothing. */
export const reportPostBodySchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX_LENGTH, {
      message: `Details have at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
    })
    .optional(),
})
export type ReportPostBody = z.input<typeof reportPostBodySchema>
export const reportedSchema = z.object({ reported: z.literal(true) })

/** One member's report of a post, as the moderation screen shows it. */
export const postReportSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  reporter: authorSchema.nullable(),
  createdAt: z.string(),
})

/** GET /api/moderation/posts: posts with open reports (the most reported first), or the hidden ones. */
export const postReviewQuerySchema = z.object({
  status: z
    .enum(['reported', 'hidden'], { message: "status must be 'reported' or 'hidden'" })
    .default('reported'),
  limit: queryInteger({ name: 'limit', min: 1, max: 100 }).default(20),
  offset: queryInteger({ name: 'offset', min: 0, max: 1_000_000 }).default(0),
})
export type PostReviewQuery = z.input<typeof postReviewQuerySchema>
export const reviewedPostSchema = postSchema.extend({
  reports: z.array(postReportSchema),
  hiddenAt: z.string().nullable(),
})
export type ReviewedPost = z.infer<typeof reviewedPostSchema>
export const postReviewPageSchema = z.object({ posts: z.array(reviewedPostSchema), total: z.number().int() })
export type PostReviewPage = z.infer<typeof postReviewPageSchema>
