import { ToyBrick } from 'lucide-react'
import { useMemo } from 'react'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { SetCard, SetCardSkeleton } from '../components/item-cards.tsx'
import { ListFilters } from '../components/list-filters.tsx'
import { ListHeader } from '../components/list-header.tsx'
import { ListResults } from '../components/list-results.tsx'
import { setThemeOptions } from '../filter-options.ts'
import { SET_SKELETON_COUNT, showingSetsText } from '../list-counts.ts'
import { setListFilters, useItemList, useThemes } from '../queries.ts'
import { useListParams } from '../use-list-params.ts'

/** /sets (spec 02 §2): search, theme and year filters, a card grid and numbered pages. */
export function SetsPage() {
  useDocumentTitle('LEGO Sets')
  const { status } = useSession()
  const listState = useListParams()
  const { params, update } = listState
  const themes = useThemes()
  const themeOptions = useMemo(() => setThemeOptions(themes.data ?? []), [themes.data])
  const list = useItemList(setListFilters(params))
  return (
    <section className="page-width py-8 sm:py-12">
      <ListHeader
        title="LEGO Sets"
        description="Browse every set by theme and year, with its retail price."
        add={status === 'ready' ? { label: 'Add Set', href: '/add-item?type=set' } : undefined}
      />
      <div className="mt-6">
        <ListFilters
          searchLabel="Search sets"
          searchPlaceholder="Search sets by name or number"
          themeOptions={themeOptions}
          state={listState}
        />
      </div>

      <ListResults
        list={list}
        noun="sets"
        gridClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        skeleton={<SetCardSkeleton />}
        skeletonCount={SET_SKELETON_COUNT}
        skeletonTestId="set-skeletons"
        empty={{
          title: 'No sets found',
          hint: 'Try another search, theme or year.',
          icon: <ToyBrick aria-hidden="true" className="size-6" />,
        }}
        showing={(shown, total) => showingSetsText(params.page, shown, total)}
        cardHeight="30rem"
        card={(item) => <SetCard item={item} />}
        page={params.page}
        onPageChange={(page) => update({ page })}
      />
      <p className="mt-10 text-right text-subtle text-xs">Data: Rebrickable</p>
    </section>
  )
}
