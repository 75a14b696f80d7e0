import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query'
import type { CommentPage, FeedPage, Post } from '#shared/contract/community.ts'
import { apiRequest } from '#web/lib/api.ts'
import { queryKeyToUrl } from '#web/lib/query-client.ts'

export const FEED_PATH = '/api/posts/feed'
/** The contract's page size (FEED_PAGE_SIZE), written here so the feed's first screen loads no zod. */
export const FEED_LIMIT = 20
/** An item's page shows fewer photos at a time: it is one section among several. */
export const ITEM_PHOTOS_LIMIT = 8
const COMMENTS_LIMIT = 50
/** Others post while one reads: a feed shown again after this long is asked for again. */
const FEED_STALE_MS = 15_000

const commentsPath = (postId: number) => `/api/posts/${postId}/comments`

/** Keyset pages: each page asks from the `nextCursor` the page before answered. */
function cursorPages<Page extends { nextCursor: string | null }>(
  key: readonly [string, Record<string, number | undefined>],
  staleTime: number,
) {
  return infiniteQueryOptions({
    queryKey: key,
    staleTime,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Page>('GET', queryKeyToUrl([key[0], { ...key[1], cursor: pageParam }]), { signal }),
    getNextPageParam: (last: Page) => last.nextCursor ?? undefined,
  })
}

/**
 * The community's posts (spec 02 §7 GET /api/posts/feed): the whole feed, newest first (the feed and the
 * gallery share it), or one item's photos. Every feed key starts with FEED_PATH, so a write refreshes them all.
 */
export const postQueries = {
  feed: ({ itemId, limit = FEED_LIMIT }: { itemId?: number; limit?: number } = {}) =>
    cursorPages<FeedPage>([FEED_PATH, { itemId, limit }] as const, FEED_STALE_MS),
}

/** A post's comments, oldest first. */
export const commentQueries = {
  list: (postId: number) =>
    cursorPages<CommentPage>([commentsPath(postId), { limit: COMMENTS_LIMIT }] as const, 0),
}

/** Every post of a feed answer, in order. */
export function postsOf(data: InfiniteData<FeedPage> | undefined): Post[] {
  return data?.pages.flatMap((page) => page.posts) ?? []
}

/** After posts change in ways only the server knows (a new post, a moderator's decision): every feed. */
export function invalidatePosts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [FEED_PATH] })
}

export function invalidateComments(queryClient: QueryClient, postId: number) {
  return queryClient.invalidateQueries({ queryKey: [commentsPath(postId)] })
}

/**
 * Changes one post wherever a feed shows it (the feed, the gallery, its item's photos), without asking
 * for whole feeds again: a like or a comment count. `change` returning null removes the post.
 */
export function updateCachedPost(
  queryClient: QueryClient,
  postId: number,
  change: (post: Post) => Post | null,
): void {
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: [FEED_PATH] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.flatMap((post) => {
              if (post.id !== postId) return [post]
              const changed = change(post)
              return changed ? [changed] : []
            }),
          })),
        }
      : data,
  )
}

/** The post as some cached feed has it, for a like's optimistic change and its undoing. */
export function cachedPost(queryClient: QueryClient, postId: number): Post | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<FeedPage>>({ queryKey: [FEED_PATH] })) {
    const found = postsOf(data).find((post) => post.id === postId)
    if (found) return found
  }
  return undefined
}
