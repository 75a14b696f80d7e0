import { EyeOff, MessageCircle } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'wouter'
import type { Post } from '#shared/contract/community.ts'
import { Avatar } from '#web/components/ui/avatar.tsx'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { exactTime, formatDate } from '#web/lib/format.ts'
import { authorName, COMMUNITY_TEXTS, commentsText } from '../community-texts.ts'
import { useDeletePost, useReportPost } from '../mutations.ts'
import { LazyCommentsPanel, LazyConfirmDialog, LazyReportDialog, preloadComments } from './lazy-parts.tsx'
import { LikeButton } from './like-button.tsx'
import { PostImage } from './post-image.tsx'
import { PostMenu } from './post-menu.tsx'

/** A photo's alt text: who shared it and the start of what they said about it. */
export function photoAlt(post: Pick<Post, 'caption' | 'user'>): string {
  const caption = post.caption.length > 120 ? `${post.caption.slice(0, 119)}…` : post.caption
  return `Photo by ${authorName(post.user)}: ${caption}`
}

interface PostCardProps {
  post: Post
  /** The photo loads at once for the first posts of a feed (they are the first screen). */
  eager?: boolean
  /** The comments start open (a post opened from the gallery). */
  commentsOpen?: boolean
  className?: string
}

/**
 * One post (spec 02 §2): its author (or 'LEGO Fan'), the date, the photo (or a placeholder), the caption,
 * the item it shows, the like button with its count and the comments; Delete for its author, Report for
 * others. A post a moderator hid is marked so for the author, the only member who still sees it.
 */
export function PostCard({ post, eager = false, commentsOpen = false, className }: PostCardProps) {
  const name = authorName(post.user)
  const titleId = useId()
  const commentsId = useId()
  const [showComments, setShowComments] = useState(commentsOpen)
  const [dialog, setDialog] = useState<'delete' | 'report' | null>(null)
  const remove = useDeletePost()
  const report = useReportPost()
  const label = `${name}'s post`

  return (
    <Card
      as="article"
      aria-labelledby={titleId}
      data-testid="post"
      className={cn('overflow-hidden', className)}
    >
      <header className="flex items-center gap-3 px-4 py-3 sm:px-5">
        <Avatar
          imageUrl={post.user.profileImageUrl}
          firstName={post.user.firstName}
          lastName={post.user.lastName}
          alt=""
        />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate font-semibold text-fg text-sm leading-tight">
            {name}
          </h2>
          <p className="text-subtle text-xs">
            <time dateTime={post.createdAt} title={exactTime(post.createdAt)}>
              {formatDate(post.createdAt)}
            </time>
          </p>
        </div>
        <PostMenu
          label={label}
          own={post.isOwn}
          onDelete={() => setDialog('delete')}
          onReport={() => setDialog('report')}
        />
      </header>
      {post.hidden ? (
        <p className="flex items-start gap-2 border-brick-yellow/40 border-y bg-brick-yellow/10 px-4 py-2 text-sm sm:px-5">
          <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brick-yellow" />
          <span>
            <span className="font-semibold text-brick-yellow">{COMMUNITY_TEXTS.hidden}</span>
            <span className="text-muted">
              {' '}
              · {post.isOwn ? COMMUNITY_TEXTS.hiddenText : 'Only its author and moderators can see it.'}
            </span>
          </span>
        </p>
      ) : null}
      <PostImage
        src={post.imageUrl}
        alt={photoAlt(post)}
        loading={eager ? 'eager' : 'lazy'}
        className="aspect-[4/3] w-full"
      />
      <div className="grid grid-cols-1 gap-3 px-4 pt-2 pb-4 sm:px-5">
        <div className="-ml-2.5 flex items-center gap-1">
          <LikeButton post={post} />
          <button
            type="button"
            aria-expanded={showComments}
            aria-controls={commentsId}
            aria-label={`Comments, ${commentsText(post.commentsCount)}`}
            onPointerEnter={preloadComments}
            onFocus={preloadComments}
            onClick={() => setShowComments((open) => !open)}
            className={cn(
              'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 font-semibold text-sm tabular transition-colors',
              showComments ? 'bg-raised text-fg' : 'text-muted hover:bg-raised hover:text-fg',
            )}
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            <span aria-hidden="true">{post.commentsCount}</span>
          </button>
        </div>
        <p className="whitespace-pre-line text-pretty text-fg text-sm leading-relaxed [overflow-wrap:anywhere]">
          {post.caption}
        </p>
        {post.item ? (
          <Link
            href={`/item/${post.item.slug}`}
            className="flex min-w-0 max-w-full items-center gap-3 justify-self-start rounded-xl border border-line bg-canvas p-2 pr-3 transition-colors hover:border-line-strong"
          >
            <ItemImage item={post.item} alt="" fallback="icon" className="size-10" />
            <span className="min-w-0">
              <span className="block text-subtle text-xs">Shows</span>
              <span className="block truncate font-medium text-fg text-sm">
                {post.item.number} - {post.item.name}
              </span>
            </span>
          </Link>
        ) : null}
      </div>
      {showComments ? <LazyCommentsPanel id={commentsId} postId={post.id} postLabel={label} /> : null}
      <LazyConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={COMMUNITY_TEXTS.deleteTitle}
        description={COMMUNITY_TEXTS.deleteText}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => {
              setDialog(null)
              toast({ title: COMMUNITY_TEXTS.deleted.title, variant: 'success' })
            },
            onError: (error) =>
              toast({
                title: COMMUNITY_TEXTS.deleted.failure,
                description: serverMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      />
      <LazyReportDialog
        open={dialog === 'report'}
        onOpenChange={(open) => setDialog(open ? 'report' : null)}
        description={label}
        pending={report.isPending}
        onSubmit={(body) =>
          report.mutate(
            { postId: post.id, body },
            {
              onSuccess: () => {
                setDialog(null)
                toast({ ...COMMUNITY_TEXTS.reported, variant: 'success' })
              },
              onError: (error) =>
                toast({
                  title: COMMUNITY_TEXTS.reported.failure,
                  description: serverMessage(error, 'Please try again.'),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </Card>
  )
}
