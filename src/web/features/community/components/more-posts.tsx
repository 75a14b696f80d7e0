import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { buttonClasses } from '#web/components/ui/button.ts'
import { useOnVisible } from '#web/lib/use-in-view.ts'
import { COMMUNITY_TEXTS } from '../community-texts.ts'

interface MorePostsProps {
  /** The list's infinite query: whether there is more, its state, and the pages loaded so far. */
  feed: Pick<
    UseInfiniteQueryResult<InfiniteData<unknown>>,
    'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage' | 'data'
  >
  /** Loads on its own as the reader nears the end (the feed, the gallery); else only by the button. */
  endless?: boolean
}

/**
 * The end of a list of posts: the next page loads as the reader comes near (an IntersectionObserver),
 * with a Load more button for when that cannot help (keyboard, no observer) or a page failed to load.
 */
export function MorePosts({ feed, endless = true }: MorePostsProps) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed
  // The end is only worth saying after scrolling through more than one page.
  const pages = feed.data?.pages.length ?? 0
  // After a failed page it waits for the button: retrying on its own would loop while the failure lasts.
  const sentinel = useOnVisible<HTMLDivElement>(() => void fetchNextPage(), {
    enabled: endless && hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
  })
  if (!hasNextPage) {
    return pages > 1 ? <p className="py-4 text-center text-subtle text-sm">{COMMUNITY_TEXTS.end}</p> : null
  }
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 py-4">
      {isFetchNextPageError ? (
        <p role="alert" className="text-[#ff8a8c] text-sm">
          The next posts could not be loaded.
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => void fetchNextPage()}
        disabled={isFetchingNextPage}
        className={buttonClasses('secondary', 'md')}
      >
        {isFetchingNextPage ? 'Loading...' : isFetchNextPageError ? 'Try again' : COMMUNITY_TEXTS.loadMore}
      </button>
    </div>
  )
}
