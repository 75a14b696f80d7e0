import { Eye, EyeOff, Flag, MessageSquareOff } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'wouter'
import { REPORT_REASON_LABELS, type ReviewedPost } from '#shared/contract/community.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { authorName, PostImage } from '#web/features/community/index.ts'
import { exactTime, formatDate, plural, relativeTime } from '#web/lib/format.ts'
import { Provenance } from './facts.tsx'

interface ReviewedPostCardProps {
  post: ReviewedPost
  /** The hide or restore of this post is on its way. */
  busy: boolean
  onHide: (post: ReviewedPost) => void
  /** Shows it again (a hidden post), or keeps it shown and dismisses its reports (a reported one). */
  onRestore: (post: ReviewedPost) => void
}

/**
 * A post for review: its photo, caption, author and item, and each report with its reason, details and
 * reporter. Hide takes it out of every feed but its author's; Restore (Dismiss reports, while it is
 * still shown) keeps or puts it back.
 */
export function ReviewedPostCard({ post, busy, onHide, onRestore }: ReviewedPostCardProps) {
  const titleId = useId()
  const name = authorName(post.user)
  return (
    <Card as="li" aria-labelledby={titleId} data-testid="review-post" className="p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row">
        <a
          href={post.imageUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="block shrink-0 self-start overflow-hidden rounded-xl border border-line"
        >
          <PostImage
            src={post.thumbnailUrl ?? post.imageUrl}
            alt={`Photo by ${name} (opens full size in a new tab)`}
            fit="cover"
            className="size-28 sm:size-36"
          />
        </a>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 id={titleId} className="font-semibold text-fg">
              {name}'s post
            </h3>
            {post.hiddenAt ? (
              <span className="inline-flex items-center gap-1 rounded-full border border-brick-yellow/50 bg-brick-yellow/10 px-2 py-0.5 font-semibold text-brick-yellow text-xs">
                <EyeOff aria-hidden="true" className="size-3" />
                Hidden{' '}
                <time dateTime={post.hiddenAt} title={exactTime(post.hiddenAt)}>
                  {relativeTime(post.hiddenAt, Date.now())}
                </time>
              </span>
            ) : null}
          </div>
          <p className="mt-1 line-clamp-4 whitespace-pre-line text-sm [overflow-wrap:anywhere]">
            {post.caption}
          </p>
          {post.item ? (
            <p className="mt-1 text-muted text-sm">
              Shows{' '}
              <Link href={`/item/${post.item.slug}`} className="text-fg underline-offset-4 hover:underline">
                {post.item.number} - {post.item.name}
              </Link>
            </p>
          ) : null}
          <p className="mt-1 text-muted text-xs">
            Posted <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time> ·{' '}
            {plural(post.likesCount, 'like', 'likes')} · {plural(post.commentsCount, 'comment', 'comments')}
          </p>
          {post.reports.length > 0 ? (
            <div className="mt-3 rounded-xl border border-line bg-canvas p-3">
              <p className="flex items-center gap-1.5 font-semibold text-sm">
                <Flag aria-hidden="true" className="size-4 text-[#ff8a8c]" />
                {plural(post.reports.length, 'report', 'reports')}
              </p>
              <ul className="mt-2 grid gap-2.5">
                {post.reports.map((report, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a post's reports are one per member and never reorder
                  <li key={index} className="text-sm">
                    <p className="font-medium">{REPORT_REASON_LABELS[report.reason]}</p>
                    {report.details ? (
                      <p className="mt-0.5 whitespace-pre-line text-muted [overflow-wrap:anywhere]">
                        “{report.details}”
                      </p>
                    ) : null}
                    <Provenance
                      verb="Reported by"
                      who={report.reporter ? authorName(report.reporter) : 'A deleted account'}
                      at={report.createdAt}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2 border-line border-t pt-4">
        {post.hiddenAt ? (
          <button
            type="button"
            onClick={() => onRestore(post)}
            disabled={busy}
            aria-describedby={titleId}
            className={buttonClasses('primary', 'sm')}
          >
            <Eye aria-hidden="true" />
            Restore
          </button>
        ) : (
          <>
            <button
              type="button"
              onClick={() => onRestore(post)}
              disabled={busy}
              aria-describedby={titleId}
              className={buttonClasses('secondary', 'sm')}
            >
              <MessageSquareOff aria-hidden="true" />
              Dismiss reports
            </button>
            <button
              type="button"
              onClick={() => onHide(post)}
              disabled={busy}
              aria-describedby={titleId}
              className={buttonClasses('danger-outline', 'sm')}
            >
              <EyeOff aria-hidden="true" />
              Hide
            </button>
          </>
        )}
      </div>
    </Card>
  )
}
