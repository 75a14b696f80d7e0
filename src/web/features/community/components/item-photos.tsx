import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ListError } from '#web/components/ui/list-states.tsx'
import { COMMUNITY_TEXTS } from '../community-texts.ts'
import { ITEM_PHOTOS_LIMIT, postQueries, postsOf } from '../queries.ts'
import { GridSkeleton } from './feed-skeleton.tsx'
import { LazyPostDialog } from './lazy-parts.tsx'
import { MorePosts } from './more-posts.tsx'
import { PostGrid } from './post-grid.tsx'

/** The photos members shared of one item, newest first, a few at a time ('Load more'); each opens its post. */
export function ItemPhotos({ item }: { item: ItemDetail }) {
  const photos = useInfiniteQuery(postQueries.feed({ itemId: item.id, limit: ITEM_PHOTOS_LIMIT }))
  const posts = postsOf(photos.data)
  const [openId, setOpenId] = useState<number | null>(null)

  if (photos.isPending) return <GridSkeleton tiles={4} />
  if (photos.isError) {
    return (
      <ListError text="The community photos could not be loaded." onRetry={() => void photos.refetch()} />
    )
  }
  return (
    <>
      {posts.length === 0 ? (
        <Card variant="dashed" className="px-6 py-8 text-center text-muted text-sm">
          {COMMUNITY_TEXTS.itemPhotosEmpty}
        </Card>
      ) : (
        <PostGrid
          posts={posts}
          label={`Photos of ${item.number} - ${item.name}`}
          onOpen={(post) => setOpenId(post.id)}
        />
      )}
      <MorePosts feed={photos} endless={false} />
      <LazyPostDialog post={posts.find((post) => post.id === openId)} onClose={() => setOpenId(null)} />
    </>
  )
}
