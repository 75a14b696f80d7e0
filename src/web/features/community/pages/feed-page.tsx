import { useInfiniteQuery } from '@tanstack/react-query'
import { Camera, LayoutGrid } from 'lucide-react'
import { Link } from 'wouter'
import { buttonClasses } from '#web/components/ui/button.ts'
import { EmptyList, ListError } from '#web/components/ui/list-states.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { COMMUNITY_TEXTS } from '../community-texts.ts'
import { FeedSkeleton } from '../components/feed-skeleton.tsx'
import { MorePosts } from '../components/more-posts.tsx'
import { PostCard } from '../components/post-card.tsx'
import { ShareButton } from '../components/share-button.tsx'
import { postQueries, postsOf } from '../queries.ts'

/**
 * /social-feed (spec 02 §2): 'Community Feed', the Share Photo dialog, and the posts, newest first, the next
 * ones loading as the reader scrolls; 'No posts yet' before the first.
 */
export function FeedPage() {
  useDocumentTitle(COMMUNITY_TEXTS.feedTitle)
  const feed = useInfiniteQuery(postQueries.feed())
  const posts = postsOf(feed.data)

  return (
    <div className="page-width py-8 sm:py-10">
      <div className="mx-auto grid max-w-2xl grid-cols-1 gap-6">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="font-extrabold text-3xl tracking-tight sm:text-4xl">
              {COMMUNITY_TEXTS.feedTitle}
            </h1>
            <p className="mt-1.5 text-pretty text-muted">{COMMUNITY_TEXTS.feedIntro}</p>
          </div>
          <div className="flex gap-2">
            <Link href="/gallery" className={buttonClasses('secondary', 'md')}>
              <LayoutGrid aria-hidden="true" />
              {COMMUNITY_TEXTS.galleryTitle}
            </Link>
            <ShareButton label={COMMUNITY_TEXTS.sharePhoto} />
          </div>
        </header>
        {feed.isPending ? (
          <FeedSkeleton />
        ) : feed.isError ? (
          <ListError text={COMMUNITY_TEXTS.loadFailed} onRetry={() => void feed.refetch()} />
        ) : posts.length === 0 ? (
          <EmptyList icon={Camera} title={COMMUNITY_TEXTS.emptyFeed}>
            {COMMUNITY_TEXTS.emptyFeedText}
          </EmptyList>
        ) : (
          <>
            <ul aria-label="Posts" className="grid grid-cols-1 gap-6">
              {posts.map((post, index) => (
                <li key={post.id}>
                  <PostCard post={post} eager={index === 0} />
                </li>
              ))}
            </ul>
            <MorePosts
              hasNextPage={feed.hasNextPage}
              isFetchingNextPage={feed.isFetchingNextPage}
              isFetchNextPageError={feed.isFetchNextPageError}
              fetchNextPage={feed.fetchNextPage}
              pages={feed.data.pages.length}
            />
          </>
        )}
      </div>
    </div>
  )
}
