import { ArrowLeft, PersonStanding, X } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'wouter'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { MinifigCard, MinifigCardSkeleton } from '../components/item-cards.tsx'
import { ListFilters } from '../components/list-filters.tsx'
import { ListHeader } from '../components/list-header.tsx'
import { ListResults } from '../components/list-results.tsx'
import { MINIFIG_SKELETON_COUNT, showingMinifiguresText } from '../list-counts.ts'
import { listSearch } from '../list-params.ts'
import { minifigListFilters, useItemList, useMinifigThemeNames, useSetByNumber } from '../queries.ts'
import { useListParams } from '../use-list-params.ts'

/**
 * /minifigures (spec 02 §2): search, theme and year filters and a card grid, in pages of 50.
 * `?set={number}` lists the figures of that set.
 */
export function MinifiguresPage() {
  useDocumentTitle('LEGO Minifigures')
  const { status } = useSession()
  const listState = useListParams()
  const { params, update } = listState
  const themeNames = useMinifigThemeNames()
  const themeOptions = useMemo(
    () => (themeNames.data ?? []).map((name) => ({ value: name, label: name })),
    [themeNames.data],
  )
  const list = useItemList(minifigListFilters(params))
  const filtered = Boolean(params.query || params.theme || params.year)

  return (
    <section className="page-width py-8 sm:py-12">
      <ListHeader
        title="LEGO Minifigures"
        description="Browse minifigures by theme and year, and the sets they come in."
        add={status === 'ready' ? { label: 'Add Minifigure', href: '/add-item?type=minifig' } : undefined}
      />
      {params.set ? (
        <SetFilterBanner
          number={params.set}
          clearHref={`/minifigures${listSearch({ ...params, set: '', page: 1 })}`}
        />
      ) : null}
      <div className="mt-6">
        <ListFilters
          searchLabel="Search minifigures"
          searchPlaceholder="Search by name or number"
          themeOptions={themeOptions}
          state={listState}
        />
      </div>

      <ListResults
        list={list}
        noun="minifigures"
        gridClassName="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-6"
        skeleton={<MinifigCardSkeleton />}
        skeletonCount={MINIFIG_SKELETON_COUNT}
        skeletonTestId="minifig-skeletons"
        empty={{
          title: 'No minifigures found',
          hint:
            params.set && !filtered
              ? 'No minifigures are listed for this set yet.'
              : 'Try another search, theme or year.',
          icon: <PersonStanding aria-hidden="true" className="size-6" />,
        }}
        showing={showingMinifiguresText}
        cardHeight="17rem"
        card={(item) => <MinifigCard item={item} />}
        page={params.page}
        onPageChange={(page) => update({ page })}
      />
      <p className="mt-10 text-right text-subtle text-xs">Data: Rebrickable</p>
    </section>
  )
}

/** Names the set whose figures are listed, links back to it, and clears the filter. */
function SetFilterBanner({ number, clearHref }: { number: string; clearHref: string }) {
  const set = useSetByNumber(number)
  const heading = set.data
    ? `Minifigures in ${set.data.number} - ${set.data.name}`
    : `Minifigures in set ${number}`
  return (
    <Card className="mt-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h2 className="font-bold text-lg leading-snug">{heading}</h2>
        {set.data ? (
          <Link
            href={`/item/${set.data.slug}`}
            className="mt-1 inline-flex items-center gap-1 text-brick-blue-bright text-sm hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-3.5" />
            Back to the set
          </Link>
        ) : null}
      </div>
      <Link href={clearHref} className={buttonClasses('secondary', 'sm', 'self-start sm:self-auto')}>
        <X aria-hidden="true" />
        Show all minifigures
      </Link>
    </Card>
  )
}
