import { lazy, Suspense, useId } from 'react'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useSeenOnce } from '#web/lib/use-in-view.ts'
import { COMMUNITY_TEXTS } from '../community-texts.ts'
import { GridSkeleton } from './feed-skeleton.tsx'
import { ShareButton } from './share-button.tsx'

const ItemPhotos = lazy(() => import('./item-photos.tsx').then((module) => ({ default: module.ItemPhotos })))

/**
 * An item page's "Community photos" (issue 14): the posts that show this item, and a Share Photo button
 * whose dialog links the item already. The community is for signed-in members, so others see nothing. It
 * sits below the tabs: its photos and their code load only when the reader scrolls near it, which keeps
 * the item page's first screen within its JavaScript budget (DESIGN §9).
 */
export function ItemCommunityPhotos({ item }: { item: ItemDetail }) {
  const { status } = useSession()
  if (status !== 'ready') return null
  return <Section item={item} />
}

function Section({ item }: { item: ItemDetail }) {
  const headingId = useId()
  const { ref, seen } = useSeenOnce<HTMLElement>()
  return (
    <section ref={ref} aria-labelledby={headingId} className="mt-12 grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-bold text-xl tracking-tight">
          {COMMUNITY_TEXTS.itemPhotos}
        </h2>
        <ShareButton label={COMMUNITY_TEXTS.sharePhoto} item={item} variant="secondary" />
      </div>
      {seen ? (
        <Suspense fallback={<GridSkeleton tiles={4} />}>
          <ItemPhotos item={item} />
        </Suspense>
      ) : (
        <GridSkeleton tiles={4} />
      )}
    </section>
  )
}
