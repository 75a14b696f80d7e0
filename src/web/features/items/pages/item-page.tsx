import { ChevronRight, Home, SearchX } from 'lucide-react'
import { useDeferredValue } from 'react'
import { Link } from 'wouter'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { ThemeBadge, useItemDetail } from '#web/features/catalogue/index.ts'
import { ItemCommunityPhotos } from '#web/features/community/index.ts'
import { ApiError } from '#web/lib/api.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { ItemActions } from '../components/item-actions.tsx'
import { ItemDetailSkeleton } from '../components/item-detail-skeleton.tsx'
import { AppearsInSets, ItemFacts } from '../components/item-facts.tsx'
import { ItemTabs } from '../components/item-tabs.tsx'

/**
 * /item/{slug} (spec 02 §2): the item, its actions, the pricing, sales, variants and analysis tabs, and for
 * members the community's photos of it (issue 14).
 */
export function ItemPage({ params }: { params: { slug?: string } }) {
  const slug = params.slug ?? ''
  const detail = useItemDetail(slug)
  const notFound = detail.error instanceof ApiError && detail.error.status === 404
  useDocumentTitle(detail.data?.name ?? (notFound ? 'Item Not Found' : undefined))

  // The item is drawn as a transition, a few milliseconds at a time, so its arrival is no long task on a
  // phone (README, Web speed); the skeleton stays for that moment.
  const item = useDeferredValue(detail.data)

  if (notFound) return <ItemNotFound />
  if (item) return <ItemView item={item} />
  if (detail.isError) {
    return (
      <section className="page-width flex flex-1 flex-col items-center justify-center py-20 text-center">
        <h1 className="font-extrabold text-2xl">Unable to load this item</h1>
        <p className="mt-2 text-muted">Check your connection and try again.</p>
        <button
          type="button"
          onClick={() => void detail.refetch()}
          className={buttonClasses('secondary', 'md', 'mt-6')}
        >
          Try again
        </button>
      </section>
    )
  }
  return <ItemDetailSkeleton />
}

function ItemView({ item }: { item: ItemDetail }) {
  const { status, user } = useSession()
  const viewer = status === 'ready' ? user : null
  const title = `${item.number} - ${item.name}`
  return (
    <article className="page-width py-6 sm:py-10">
      <Breadcrumb item={item} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <ItemImage
          item={item}
          alt={item.name}
          loading="eager"
          fetchPriority="high"
          className="aspect-[4/3] w-full rounded-2xl border border-line"
        />
        <div className="flex min-w-0 flex-col gap-5">
          <div>
            <p className="font-medium text-muted text-sm">{item.type === 'set' ? 'Set' : 'Minifigure'}</p>
            <h1 className="mt-1 text-balance font-extrabold text-3xl tracking-tight sm:text-4xl">{title}</h1>
            <ThemeBadge theme={item.theme} themeData={item.themeData} withTags className="mt-3" />
          </div>
          <ItemFacts item={item} />
          <AppearsInSets item={item} />
          <ItemActions item={item} user={viewer} />
        </div>
      </div>
      <div className="mt-10">
        <ItemTabs item={item} />
      </div>
      <ItemCommunityPhotos item={item} />
      <p className="mt-10 text-right text-subtle text-xs">Data: Rebrickable</p>
    </article>
  )
}

function Breadcrumb({ item }: { item: ItemDetail }) {
  const themeHref =
    item.type === 'set'
      ? item.themeId
        ? `/sets?theme=${item.themeId}`
        : '/sets'
      : `/minifigures?theme=${encodeURIComponent(item.theme)}`
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-muted text-sm">
        <li>
          <Link href="/" className="inline-flex items-center gap-1 hover:text-fg">
            <Home aria-hidden="true" className="size-3.5" />
            Home
          </Link>
        </li>
        <li className="inline-flex items-center gap-1.5">
          <Separator />
          <Link href={themeHref} className="hover:text-fg">
            {item.theme}
          </Link>
        </li>
        <li aria-current="page" className="inline-flex min-w-0 max-w-full items-center gap-1.5 text-fg">
          <Separator />
          <span className="truncate">
            {item.number} - {item.name}
          </span>
        </li>
      </ol>
    </nav>
  )
}

function Separator() {
  return <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-subtle" />
}

function ItemNotFound() {
  return (
    <section className="page-width flex flex-1 flex-col items-center justify-center py-20 text-center sm:py-28">
      <Card as="span" className="inline-flex size-14 items-center justify-center text-brick-yellow">
        <SearchX aria-hidden="true" className="size-7" />
      </Card>
      <h1 className="mt-6 font-extrabold text-3xl tracking-tight sm:text-4xl">Item Not Found</h1>
      <p className="mt-3 max-w-md text-pretty text-muted">
        This set or minifigure isn't in the catalogue. It may have been removed, or the link may be mistyped.
      </p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to Home
      </Link>
    </section>
  )
}
