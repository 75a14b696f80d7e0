import type { PostReviewPage } from '#shared/contract/community.ts'
import type { ItemRequestList, Members, ReviewSales } from '#shared/contract/moderation.ts'
import { pagedListOptions } from '#web/lib/paged-list.ts'

/** Rows per page of each list ('Load more' fetches the next). */
export const MODERATION_PAGE_SIZE = 20
/** Moderators work through the queues: what others add shows up within this long, or at once after a write. */
const STALE_MS = 15_000

/** Pages of `key`'s list, fetched `limit` at a time. */
function pagedList<Answer extends { total: number }>(
  key: readonly [string, Record<string, string | number | undefined>],
  rowsOf: (answer: Answer) => unknown[],
) {
  return pagedListOptions<Answer>({ key, rowsOf, staleTime: STALE_MS })
}

export const PENDING_SALES_PATH = '/api/moderation/sales'
export const ITEM_REQUESTS_PATH = '/api/moderation/item-requests'
export const MEMBERS_PATH = '/api/admin/users'
export const REVIEW_POSTS_PATH = '/api/moderation/posts'

/** The moderation screen's lists (DESIGN §4); each key names its endpoint, so a write refreshes exactly it. */
export const moderationQueries = {
  /** Sales waiting for review, the oldest first. */
  pendingSales: () =>
    pagedList<ReviewSales>(
      [PENDING_SALES_PATH, { status: 'pending', limit: MODERATION_PAGE_SIZE }] as const,
      (answer) => answer.sales,
    ),
  /** Requests to add items, the oldest first. */
  itemRequests: () =>
    pagedList<ItemRequestList>(
      [ITEM_REQUESTS_PATH, { status: 'pending', limit: MODERATION_PAGE_SIZE }] as const,
      (answer) => answer.requests,
    ),
  /** Community posts members reported (the most reported first), or the ones moderators hid. */
  posts: (status: 'reported' | 'hidden') =>
    pagedList<PostReviewPage>(
      [REVIEW_POSTS_PATH, { status, limit: MODERATION_PAGE_SIZE }] as const,
      (answer) => answer.posts,
    ),
  /** Members matching a search (admins only), admins and trusted members first. */
  members: (query: string) =>
    pagedList<Members>(
      [MEMBERS_PATH, { query: query || undefined, limit: MODERATION_PAGE_SIZE }] as const,
      (answer) => answer.users,
    ),
}
