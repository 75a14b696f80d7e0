import { useQueryClient } from '@tanstack/react-query'
import type {
  Comment,
  CreateCommentBody,
  CreatePostBody,
  LikeState,
  Post,
  ReportPostBody,
} from '#shared/contract/community.ts'
import type { UploadedImage } from '#shared/contract/objects.ts'
import { apiRequest } from '#web/lib/api.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'
import { cachedPost, invalidateComments, invalidatePosts, updateCachedPost } from './queries.ts'

/**
 * A share that failed, and at which of its two calls: the upload and the post have different messages
 * (spec 02 §8). The call's own error is the cause, so a 401 is still recognised as one (lib/api.ts).
 */
export class ShareError extends Error {
  override name = 'ShareError'
  constructor(
    readonly step: 'upload' | 'post',
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
  }
}

export interface ShareInput {
  image: File
  caption: string
  itemId: number | null
}

/**
 * Sharing a photo (spec 02 §7): the image is uploaded (multipart, field `image`), then the post names the
 * upload's `objectPath`. Every feed is asked for again, since where the post lands is the server's to say.
 */
export function useSharePost() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: async ({ image, caption, itemId }: ShareInput) => {
      const form = new FormData()
      form.append('image', image)
      const uploaded = await apiRequest<UploadedImage>('POST', '/api/objects/upload', { form }).catch(
        (error: unknown) => {
          throw new ShareError('upload', error)
        },
      )
      const body: CreatePostBody = { caption, imageUrl: uploaded.objectPath, itemId }
      return apiRequest<Post>('POST', '/api/posts', { body }).catch((error: unknown) => {
        throw new ShareError('post', error)
      })
    },
    onSuccess: () => invalidatePosts(queryClient),
  })
}

const likeKey = (postId: number) => ['like', postId] as const

/**
 * POST /api/posts/{id}/like `{ liked }` (spec 02 §4): the heart and the count change at once, wherever the
 * post shows; a failure puts them back. The wanted state is sent, not a toggle, so a double click or a
 * retry never flips it twice; only the last of several quick presses sets the count the server answers.
 */
export function useLikePost(postId: number) {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationKey: likeKey(postId),
    mutationFn: (liked: boolean) =>
      apiRequest<LikeState>('POST', `/api/posts/${postId}/like`, { body: { liked } }),
    onMutate: (liked: boolean) => {
      const before = cachedPost(queryClient, postId)
      updateCachedPost(queryClient, postId, (post) =>
        post.isLikedByUser === liked
          ? post
          : { ...post, isLikedByUser: liked, likesCount: Math.max(0, post.likesCount + (liked ? 1 : -1)) },
      )
      return { before }
    },
    onError: (_error, _liked, context) => {
      const before = context?.before
      if (before) {
        updateCachedPost(queryClient, postId, (post) => ({
          ...post,
          isLikedByUser: before.isLikedByUser,
          likesCount: before.likesCount,
        }))
      }
    },
    onSuccess: (state) => {
      // Another press is on its way: its answer is the one to keep.
      if (queryClient.isMutating({ mutationKey: likeKey(postId) }) > 1) return
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        isLikedByUser: state.liked,
        likesCount: state.likesCount,
      }))
    },
  })
}

/** DELETE /api/posts/{id}: the author's own post leaves every feed at once. */
export function useDeletePost() {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (postId: number) => apiRequest<void>('DELETE', `/api/posts/${postId}`),
    onSuccess: (_nothing, postId) => updateCachedPost(queryClient, postId, () => null),
  })
}

/** POST /api/posts/{id}/report: a flag for the moderators; nothing changes on screen. */
export function useReportPost() {
  return useApiMutation({
    mutationFn: ({ postId, body }: { postId: number; body: ReportPostBody }) =>
      apiRequest<{ reported: true }>('POST', `/api/posts/${postId}/report`, { body }),
  })
}

const changeCount = (delta: number) => (post: Post) => ({
  ...post,
  commentsCount: Math.max(0, post.commentsCount + delta),
})

/** POST /api/posts/{id}/comments: the list is asked for again, and the post's count goes up where it shows. */
export function useAddComment(postId: number) {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (body: CreateCommentBody) =>
      apiRequest<Comment>('POST', `/api/posts/${postId}/comments`, { body }),
    onSuccess: () => {
      updateCachedPost(queryClient, postId, changeCount(1))
      return invalidateComments(queryClient, postId)
    },
  })
}

/** DELETE /api/posts/{id}/comments/{commentId}: one's own comment (moderators: anyone's). */
export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient()
  return useApiMutation({
    mutationFn: (commentId: number) =>
      apiRequest<void>('DELETE', `/api/posts/${postId}/comments/${commentId}`),
    onSuccess: () => {
      updateCachedPost(queryClient, postId, changeCount(-1))
      return invalidateComments(queryClient, postId)
    },
  })
}
