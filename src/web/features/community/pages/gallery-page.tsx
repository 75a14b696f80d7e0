import { useInfiniteQuery } from '@tanstack/react-query'
import { Rows3, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { EmptyList, ListError } from '#web/components/ui/list-states.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { COMMUNITY_TEXTS } from '../community-texts.ts'
import { CommunityHeader } from '../components/community-header.tsx'
import { GridSkeleton } from '../components/feed-skeleton.tsx'
import { LazyPostDialog } from '../components/lazy-parts.tsx'
import { MorePosts } from '../components/more-posts.tsx'
import { PostGrid } from '../components/post-grid.tsx'
import { postQueries, postsOf } from '../queries.ts'

/**
 * /gallery (spec 02 §2): the feed's posts as a grid of their photos, the newest larger; 'Share Creation';
 * 'No creations yet'. It shows the real photos (issue 14 overrides the spec's placeholders); a photo opens
 * its post with likes and comments.
 */
export function GalleryPage() {
  useDocumentTitle(COMMUNITY_TEXTS.galleryTitle)
  const feed = useInfiniteQuery(postQueries.feed())
  const posts = postsOf(feed.data)
  const [openId, setOpenId] = useState<number | null>(null)

  return (
    <div className="page-width grid grid-cols-1 gap-6 py-8 sm:py-10">
      <CommunityHeader
        title={COMMUNITY_TEXTS.galleryTitle}
        intro={COMMUNITY_TEXTS.galleryIntro}
        other={{ href: '/social-feed', label: 'Feed', icon: Rows3 }}
        shareLabel={COMMUNITY_TEXTS.shareCreation}
      />
      {feed.isPending ? (
        <GridSkeleton featureFirst />
      ) : feed.isError ? (
        <ListError text={COMMUNITY_TEXTS.loadFailed} onRetry={() => void feed.refetch()} />
      ) : posts.length === 0 ? (
        <EmptyList icon={Sparkles} title={COMMUNITY_TEXTS.emptyGallery}>
          {COMMUNITY_TEXTS.emptyGalleryText}
        </EmptyList>
      ) : (
        <>
          <PostGrid posts={posts} label="Creations" featureFirst onOpen={(post) => setOpenId(post.id)} />
          <MorePosts feed={feed} />
        </>
      )}
      <LazyPostDialog post={posts.find((post) => post.id === openId)} onClose={() => setOpenId(null)} />
    </div>
  )
}
