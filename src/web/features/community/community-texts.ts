/**
 * What the community screens say, in one place: the spec's texts (02 §2, §5, §8, §9) and ours around them.
 * Zod-free on purpose: the feed's first screen must not load the contract's schemas.
 */
import type { Author } from '#shared/contract/community.ts'
import { ApiError, serverError } from '#web/lib/api.ts'

export const COMMUNITY_TEXTS = {
  feedTitle: 'Community Feed',
  feedIntro: 'Builds, hauls and shelves: photos collectors share, with the sets they show.',
  galleryTitle: 'Gallery',
  galleryIntro: 'The community’s creations, newest first.',
  sharePhoto: 'Share Photo',
  shareCreation: 'Share Creation',
  share: 'Share',
  sharing: 'Sharing...',
  addCaption: 'Add caption to share',
  missingCaption: { title: 'Missing information', description: 'Please add a caption' },
  noPhoto: 'Please choose a photo to share',
  wrongType: 'Please choose a JPEG, PNG, WebP or AVIF image',
  shared: { title: 'Post shared!', description: 'Your photo is in the community feed.' },
  failureTitle: 'Error',
  emptyFeed: 'No posts yet',
  emptyFeedText: 'Share a photo of your latest build, haul or display to start the feed.',
  emptyGallery: 'No creations yet',
  emptyGalleryText: 'Show the community what you have built.',
  authorFallback: 'LEGO Fan',
  hidden: 'Hidden by a moderator',
  hiddenText: 'Only you can see this post.',
  imageMissing: 'Image unavailable',
  loadFailed: 'The posts could not be loaded.',
  loadMore: 'Load more',
  end: 'You have reached the first post.',
  deleted: { title: 'Post deleted', failure: 'Failed to delete post' },
  deleteTitle: 'Delete Post',
  deleteText:
    'Are you sure you want to delete this post? Its likes and comments go with it. This action cannot be undone.',
  reported: {
    title: 'Post reported',
    description: 'Thank you. A moderator will look at it.',
    failure: 'Failed to report post',
  },
  likeFailure: 'Failed to update like',
  comments: 'Comments',
  noComments: 'No comments yet. Say something nice.',
  commentFailure: 'Failed to add comment',
  commentDeleted: 'Comment deleted',
  commentDeleteFailure: 'Failed to delete comment',
  itemPhotos: 'Community photos',
  itemPhotosEmpty: 'No photos of this item yet. Be the first to share one.',
} as const

/** The author as the feed names them: first and last name, else 'LEGO Fan' (spec 02 §9). */
export function authorName(author: Pick<Author, 'firstName' | 'lastName'> | null | undefined): string {
  const name = [author?.firstName?.trim(), author?.lastName?.trim()].filter(Boolean).join(' ')
  return name || COMMUNITY_TEXTS.authorFallback
}

/** A failed answer's body as a person reads it: the server's `message`, else its raw text. */
function bodyText(error: ApiError): string {
  return serverError(error)?.message ?? error.body.trim()
}

/**
 * Spec 02 §8, an upload that failed: 'Failed to upload image: {status} {statusText} - {body}', the body
 * being the server's own message (it answers `{ message, code }`). A request that never got an answer
 * (offline) has no status: its error's own words stand in.
 */
export function uploadFailureText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) {
    return `Failed to upload image: ${error instanceof Error ? error.message : String(error)}`
  }
  const status = [String(error.status), error.statusText].filter(Boolean).join(' ')
  const body = bodyText(error)
  return body ? `Failed to upload image: ${status} - ${body}` : `Failed to upload image: ${status}`
}

/** Spec 02 §8, a post the server refused: 'Failed to share your post: {message}'. */
export function postFailureText(error: unknown): string {
  const message =
    error instanceof ApiError
      ? bodyText(error) || error.message
      : error instanceof Error
        ? error.message
        : String(error)
  return `Failed to share your post: ${message}`
}

/** '1 like', '12 likes'; the like button's accessible name says what a press does. */
export function likesText(count: number): string {
  return `${count} ${count === 1 ? 'like' : 'likes'}`
}

export function commentsText(count: number): string {
  return `${count} ${count === 1 ? 'comment' : 'comments'}`
}
