import { Heart } from 'lucide-react'
import type { Post } from '#shared/contract/community.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { COMMUNITY_TEXTS, likesText } from '../community-texts.ts'
import { useLikePost } from '../mutations.ts'

/**
 * The heart and its count (spec 02 §2, §4): a toggle button (aria-pressed), changed at once and put back
 * if the server refuses. Presses are never blocked while one is on its way: each sends the state wanted.
 */
export function LikeButton({ post }: { post: Pick<Post, 'id' | 'isLikedByUser' | 'likesCount'> }) {
  const like = useLikePost(post.id)
  const liked = post.isLikedByUser
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`Like, ${likesText(post.likesCount)}`}
      onClick={() =>
        like.mutate(!liked, {
          onError: (error) =>
            toast({
              title: COMMUNITY_TEXTS.likeFailure,
              description: serverMessage(error, 'Please try again.'),
              variant: 'destructive',
            }),
        })
      }
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 font-semibold text-sm tabular transition-colors',
        liked ? 'text-[#ff6b6d] hover:bg-[#2a0d0e]' : 'text-muted hover:bg-raised hover:text-fg',
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', liked && 'fill-current')} />
      <span aria-hidden="true">{post.likesCount}</span>
    </button>
  )
}
