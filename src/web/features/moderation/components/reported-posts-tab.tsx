import { useInfiniteQuery } from '@tanstack/react-query'
import { ImageOff } from 'lucide-react'
import { useRef, useState } from 'react'
import type { ReviewedPost } from '#shared/contract/community.ts'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { EmptyList, ListError, ListSkeleton, LoadMore } from '#web/components/ui/list-states.tsx'
import { useToast } from '#web/components/ui/use-toast.ts'
import { serverMessage } from '#web/lib/api.ts'
import { MODERATION_TEXTS } from '../moderation-texts.ts'
import { useModeratePost } from '../mutations.ts'
import { moderationQueries } from '../queries.ts'
import { ReviewedPostCard } from './reviewed-post-card.tsx'

type PostStatus = 'reported' | 'hidden'
const STATUS_OPTIONS: ReadonlyArray<{ value: PostStatus; label: string }> = [
  { value: 'reported', label: 'Reported' },
  { value: 'hidden', label: 'Hidden' },
]

/**
 * Community posts members reported, the most reported first, to hide (only the author sees it then) or to
 * keep, dismissing the reports; and the hidden ones, to restore. A reviewed post leaves the list; focus
 * moves to the list's heading, so a keyboard user carries on from there.
 */
export function ReportedPostsTab() {
  const [status, setStatus] = useState<PostStatus>('reported')
  const posts = useInfiniteQuery(moderationQueries.posts(status))
  const pages = posts.data?.pages ?? []
  const rows = pages.flatMap((page) => page.posts)
  const total = pages.at(-1)?.total ?? 0
  const moderate = useModeratePost()
  const { toast } = useToast()
  const heading = useRef<HTMLHeadingElement>(null)

  const review = (post: ReviewedPost, hide: boolean) => {
    const texts = hide
      ? MODERATION_TEXTS.postHidden
      : post.hiddenAt
        ? MODERATION_TEXTS.postRestored
        : MODERATION_TEXTS.reportsDismissed
    moderate.mutate(
      { id: post.id, hide },
      {
        onSuccess: () => {
          heading.current?.focus()
          toast({ title: texts.title, description: texts.description, variant: 'success' })
        },
        onError: (error) =>
          toast({
            title: texts.failure,
            description: serverMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <section aria-labelledby="reported-posts-heading" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2
            id="reported-posts-heading"
            ref={heading}
            tabIndex={-1}
            className="font-bold text-lg outline-none"
          >
            {status === 'reported' ? 'Reported posts' : 'Hidden posts'}
          </h2>
          <p className="text-muted text-sm" aria-live="polite">
            {posts.isSuccess
              ? total === 0
                ? 'Nothing here.'
                : status === 'reported'
                  ? `${total} reported, the most reported first.`
                  : `${total} hidden, seen only by their authors.`
              : 'Loading…'}
          </p>
        </div>
        <ChoiceGroup
          legend="Show"
          name="post-status"
          value={status}
          onChange={setStatus}
          options={STATUS_OPTIONS}
          className="w-full sm:w-56"
        />
      </div>
      {posts.isPending ? (
        <ListSkeleton />
      ) : posts.isError ? (
        <ListError text="The posts could not be loaded." onRetry={() => void posts.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyList icon={ImageOff} title={status === 'reported' ? 'No reported posts' : 'No hidden posts'}>
          {status === 'reported'
            ? 'Posts members report in the community feed wait here until a moderator hides them or dismisses the reports.'
            : 'Posts a moderator hid show here, to restore them if that was a mistake.'}
        </EmptyList>
      ) : (
        <>
          <ul
            aria-label={status === 'reported' ? 'Reported posts' : 'Hidden posts'}
            className="grid grid-cols-1 gap-3"
          >
            {rows.map((post) => (
              <ReviewedPostCard
                key={post.id}
                post={post}
                busy={moderate.isPending && moderate.variables?.id === post.id}
                onHide={(chosen) => review(chosen, true)}
                onRestore={(chosen) => review(chosen, false)}
              />
            ))}
          </ul>
          <LoadMore
            shown={rows.length}
            total={total}
            hasMore={posts.hasNextPage}
            loading={posts.isFetchingNextPage}
            onLoad={() => void posts.fetchNextPage()}
          />
        </>
      )}
    </section>
  )
}
