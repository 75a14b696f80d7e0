import { useInfiniteQuery } from '@tanstack/react-query'
import { Camera, LayoutGrid } from 'lucide-react'
import { EmptyList, ListError } from '#web/components/ui/list-states.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { COMMUNITY_TEXTS } from '../community-texts.ts'
import { CommunityHeader } from '../components/community-header.tsx'
import { FeedSkeleton } from '../components/feed-skeleton.tsx'
import { MorePosts } from '../components/more-posts.tsx'
import { PostCard } from '../components/post-card.tsx'
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
        <CommunityHeader
          title={COMMUNITY_TEXTS.feedTitle}
          intro={COMMUNITY_TEXTS.feedIntro}
          other={{ href: '/gallery', label: COMMUNITY_TEXTS.galleryTitle, icon: LayoutGrid }}
          shareLabel={COMMUNITY_TEXTS.sharePhoto}
        />
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
            <MorePosts feed={feed} />
          </>
        )}
      </div>
    </div>
  )
}
