import { EyeOff, Heart, MessageCircle } from 'lucide-react'
import type { Post } from '#shared/contract/community.ts'
import { cn } from '#web/lib/cn.ts'
import { authorName, COMMUNITY_TEXTS, commentsText, likesText } from '../community-texts.ts'
import { PostImage } from './post-image.tsx'

interface PostGridProps {
  posts: Post[]
  /** Names the list for assistive technology ('Creations', 'Photos of …'). */
  label: string
  /** The gallery shows its newest post larger (spec 02 §2). */
  featureFirst?: boolean
  onOpen: (post: Post) => void
}

/**
 * Posts as a grid of square photos (thumbnails; the featured one at display size), each opening the whole
 * post. A caption, the author and the counts show over the photo's foot; what a tile shows is its name,
 * the counts spelled out for a screen reader.
 */
export function PostGrid({ posts, label, featureFirst = false, onOpen }: PostGridProps) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
      {posts.map((post, index) => {
        const featured = featureFirst && index === 0
        const name = authorName(post.user)
        return (
          <li key={post.id} className={cn(featured && 'col-span-2 row-span-2')}>
            <button
              type="button"
              onClick={() => onOpen(post)}
              data-testid="post-tile"
              className="group relative block aspect-square w-full overflow-hidden rounded-xl border border-line text-left"
            >
              <PostImage
                src={featured ? post.imageUrl : (post.thumbnailUrl ?? post.imageUrl)}
                alt=""
                fit="cover"
                loading={index < 4 ? 'eager' : 'lazy'}
                className="size-full transition-transform duration-300 motion-safe:group-hover:scale-[1.03]"
              />
              {post.hidden ? (
                <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/75 px-2 py-0.5 font-semibold text-brick-yellow text-xs">
                  <EyeOff aria-hidden="true" className="size-3" />
                  {COMMUNITY_TEXTS.hidden}
                </span>
              ) : null}
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-3 pt-8 pb-2.5">
                <span
                  className={cn(
                    'block truncate font-semibold text-white',
                    featured ? 'text-base sm:text-lg' : 'text-sm',
                  )}
                >
                  {post.caption}
                </span>
                <span className="mt-0.5 flex items-center gap-3 text-white/80 text-xs">
                  <span className="min-w-0 flex-1 truncate">
                    <span className="sr-only">by </span>
                    {name}
                  </span>
                  <span className="sr-only">
                    , {likesText(post.likesCount)}, {commentsText(post.commentsCount)}
                  </span>
                  <span aria-hidden="true" className="inline-flex items-center gap-1 tabular">
                    <Heart
                      aria-hidden="true"
                      className={cn('size-3.5', post.isLikedByUser && 'fill-current')}
                    />
                    {post.likesCount}
                  </span>
                  <span aria-hidden="true" className="inline-flex items-center gap-1 tabular">
                    <MessageCircle aria-hidden="true" className="size-3.5" />
                    {post.commentsCount}
                  </span>
                </span>
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
