import { ToyBrick } from 'lucide-react'
import { useMemo } from 'react'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { useSession } from '../../../lib/auth/use-session.tsx'
import { cn } from '../../../lib/cn.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import {
  PAGE_SIZE,
  pageCount,
  SET_SKELETON_COUNT,
  setThemeOptions,
  showingSetsText,
  yearOptions,
} from '../catalogue-logic.ts'
import { SetCard, SetCardSkeleton } from '../components/item-cards.tsx'
import { ListFilters } from '../components/list-filters.tsx'
import { EmptyList, ListError, ListHeader } from '../components/list-header.tsx'
import { useItemList, useThemes } from '../queries.ts'
import { useListParams } from '../use-list-params.ts'

/** /sets (spec 02 §2): search, theme and year filters, a card grid and numbered pages. */
export function SetsPage() {
  useDocumentTitle('LEGO Sets')
  const { status } = useSession()
  const { params, update, searchInput, setSearchInput } = useListParams()
  const themes = useThemes()
  const themeOptions = useMemo(() => setThemeOptions(themes.data ?? []), [themes.data])
  const years = useMemo(() => yearOptions(new Date().getFullYear()), [])
  const list = useItemList({
    type: 'set',
    page: params.page,
    query: params.query,
    themeId: params.theme,
    year: params.year,
  })
  const items = list.data?.items ?? []
  const total = list.data?.total ?? 0
  const totalPages = pageCount(total, PAGE_SIZE)

  const goToPage = (page: number) => {
    update({ page })
    window.scrollTo({ top: 0, behavior: 'instant' })
  }

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
          searchValue={searchInput}
          onSearchChange={setSearchInput}
          themeOptions={themeOptions}
          theme={params.theme}
          onThemeChange={(theme) => update({ theme })}
          years={years}
          year={params.year}
          onYearChange={(year) => update({ year })}
        />
      </div>

      <div className="mt-6" aria-busy={list.isFetching}>
        {list.isPending ? (
          <>
            <p className="sr-only" role="status">
              Loading sets…
            </p>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="set-skeletons">
              {Array.from({ length: SET_SKELETON_COUNT }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <SetCardSkeleton key={index} />
              ))}
            </div>
          </>
        ) : list.isError && !list.data ? (
          <ListError onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyList
            title="No sets found"
            hint="Try another search, theme or year."
            icon={<ToyBrick aria-hidden="true" className="size-6" />}
          />
        ) : (
          <>
            <p role="status" className="mb-4 text-muted text-sm tabular">
              {showingSetsText(params.page, items.length, total)}
            </p>
            <ul
              className={cn(
                'grid gap-4 sm:grid-cols-2 lg:grid-cols-3',
                list.isPlaceholderData && 'opacity-60 transition-opacity',
              )}
            >
              {items.map((item) => (
                <li key={item.id}>
                  <SetCard item={item} />
                </li>
              ))}
            </ul>
            <div className="mt-8">
              <Pagination
                label="Sets pages"
                page={params.page}
                totalPages={totalPages}
                onPageChange={goToPage}
              />
            </div>
          </>
        )}
      </div>
      <p className="mt-10 text-right text-subtle text-xs">Data: Rebrickable</p>
    </section>
  )
}
