import type { Post } from '#shared/contract/community.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { authorName } from '../community-texts.ts'
import { PostCard } from './post-card.tsx'

/**
 * A post opened from a grid (the gallery, an item's photos): the whole post with its photo, likes and
 * comments, as the feed shows it. `post` is read from the list on each render, so a like shows at once.
 */
export function PostDialog({ post, onClose }: { post: Post | undefined; onClose: () => void }) {
  return (
    <Dialog
      open={post !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={post ? `${authorName(post.user)}'s post` : ''}
      size="lg"
      className="[&>div:last-child]:p-0"
    >
      {post ? <PostCard post={post} eager className="rounded-none border-0" /> : null}
    </Dialog>
  )
}
