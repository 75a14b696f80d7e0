import {
  Boxes,
  ChartLine,
  Download,
  PersonStanding,
  Plus,
  SearchX,
  Target,
  ToyBrick,
  Upload,
} from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link } from 'wouter'
import type { CollectionEntry } from '#shared/contract/collections.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { EmptyScreen, RowsSkeleton } from '#web/components/ui/list-states.tsx'
import { Pagination } from '#web/components/ui/pagination.tsx'
import { pageCount } from '#web/components/ui/paging.ts'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { usePrice } from '#web/lib/currency/currency-provider.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { collectionApiQuery, PAGE_SIZE } from '../collection-params.ts'
import { nextSort } from '../collection-sort.ts'
import { itemCountText, showingText } from '../collection-texts.ts'
import { TOASTS } from '../collection-toasts.ts'
import { CollectionCards } from '../components/collection-cards.tsx'
import { CollectionFilters } from '../components/collection-filters.tsx'
import { CollectionTable } from '../components/collection-table.tsx'
import { ESTIMATE_FOOTNOTE } from '../components/entry-value.tsx'
import { LazyAddCollectionFlow, LazyAddToCollectionDialog } from '../components/lazy-dialogs.tsx'
import { RetailEstimateSwitch } from '../components/retail-estimate-switch.tsx'
import { SummaryCards } from '../components/summary-cards.tsx'
import { useRemoveCollectionEntry } from '../mutations.ts'
import { useCollectionPage } from '../queries.ts'
import { useCollectionParams } from '../use-collection-params.ts'

// The dialogs (and the form rules they carry) load when first opened, not with the list.
const EditEntryDialog = lazy(() =>
  import('../components/edit-entry-dialog.tsx').then((module) => ({ default: module.EditEntryDialog })),
)

/**
 * My Collection (spec 01 §2): what the user owns, what it is worth against what they paid, and the
 * ways to add, edit, remove, find, sort and export entries. Amounts arrive in pounds and are shown in
 * the display currency.
 */
export function CollectionPage() {
  useDocumentTitle('My Collection')
  const format = usePrice()
  const { user } = useSession()
  const { params, update, searchInput, setSearchInput } = useCollectionParams()
  const list = useCollectionPage(collectionApiQuery(params))
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<CollectionEntry | null>(null)
  const [removing, setRemoving] = useState<CollectionEntry | null>(null)
  // The item of a row's 'Add another' (variant A); kept while the dialog closes so focus returns.
  const [copy, setCopy] = useState<{ item: CollectionEntry['item'] | null; open: boolean }>({
    item: null,
    open: false,
  })

  // A failure is logged (spec 01 §8); a 401 is the query client's to answer.
  useEffect(() => {
    if (list.error) console.error('The collection could not be loaded', list.error)
  }, [list.error])

  const data = list.data
  const total = data?.total ?? 0
  const totalPages = pageCount(total, PAGE_SIZE)
  // Past the last page (e.g. after removing its only entry): show the last page instead.
  useEffect(() => {
    if (data && data.entries.length === 0 && data.total > 0 && params.page > pageCount(data.total, PAGE_SIZE))
      update({ page: pageCount(data.total, PAGE_SIZE) }, { replace: true })
  }, [data, params.page, update])

  const remove = useRemoveCollectionEntry()

  const summary = data?.summary
  const empty = summary?.entries === 0
  const filtered = params.query !== '' || params.filter !== 'all'
  const busy = list.isPlaceholderData
  // What the table (wide screens) and the cards (narrow) both take.
  const rowProps = {
    entries: data?.entries ?? [],
    format,
    onEdit: setEditing,
    onRemove: setRemoving,
    onAddCopy: (entry: CollectionEntry) => setCopy({ item: entry.item, open: true }),
    busy,
  }

  return (
    <div className="page-width grid grid-cols-1 gap-6 py-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-extrabold text-3xl tracking-tight sm:text-4xl">My Collection</h1>
          <p className="mt-3 inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-muted text-sm">
            <Boxes aria-hidden="true" className="size-4 text-brick-yellow" />
            {summary ? (
              <span className="tabular">{itemCountText(summary.totalItems, summary.entries)}</span>
            ) : (
              <Skeleton className="h-4 w-36" />
            )}
          </p>
        </div>
        {/* Narrow: the main action across the top, the four others two by two, each the same width. */}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Link href="/collection/analytics" className={buttonClasses('secondary', 'md')}>
            <ChartLine aria-hidden="true" />
            Analytics
          </Link>
          <Link href="/wanted" className={buttonClasses('secondary', 'md')}>
            <Target aria-hidden="true" />
            Wanted list
          </Link>
          <Link href="/import-data" className={buttonClasses('secondary', 'md')}>
            <Upload aria-hidden="true" />
            Import
          </Link>
          <a href="/api/collections/export.csv" download className={buttonClasses('secondary', 'md')}>
            <Download aria-hidden="true" />
            Export CSV
          </a>
          <button
            type="button"
            onClick={() => setAdding(true)}
            className={buttonClasses('primary', 'md', 'col-span-2 order-first sm:order-none')}
          >
            <Plus aria-hidden="true" />
            Add to your collection
          </button>
        </div>
      </header>

      <section aria-label="Summary" className="grid gap-3">
        <SummaryCards
          summary={summary}
          format={format}
          retailEstimate={Boolean(user?.valueUnpricedAtRetail)}
        />
        {empty ? null : <RetailEstimateSwitch />}
      </section>

      {list.isError && !data ? (
        <Card role="alert" className="p-8 text-center">
          <p className="font-semibold">Your collection could not be loaded just now.</p>
          <button
            type="button"
            onClick={() => list.refetch()}
            className={buttonClasses('secondary', 'md', 'mt-4')}
          >
            Try again
          </button>
        </Card>
      ) : empty ? (
        <EmptyCollection onAdd={() => setAdding(true)} />
      ) : (
        <section aria-label="Items" className="grid gap-4">
          <CollectionFilters
            searchValue={searchInput}
            onSearchChange={setSearchInput}
            filter={params.filter}
            onFilterChange={(filter) => update({ filter })}
            sort={params}
            onSortChange={(sort) => update(sort)}
          />
          {!data ? (
            <RowsSkeleton />
          ) : total === 0 ? (
            <Card variant="dashed" className="flex flex-col items-center px-6 py-12 text-center">
              <SearchX aria-hidden="true" className="size-8 text-subtle" />
              <p className="mt-3 font-semibold">No items match</p>
              <p className="mt-1 text-muted text-sm">Try another search or filter.</p>
              {filtered ? (
                <button
                  type="button"
                  onClick={() => {
                    setSearchInput('')
                    update({ query: '', filter: 'all' })
                  }}
                  className={buttonClasses('secondary', 'sm', 'mt-4')}
                >
                  Show all items
                </button>
              ) : null}
            </Card>
          ) : (
            <>
              <div className="hidden lg:block">
                <CollectionTable
                  {...rowProps}
                  sort={params}
                  onSort={(column) => update(nextSort(params, column))}
                />
              </div>
              <div className="lg:hidden">
                <CollectionCards {...rowProps} />
              </div>
              {data.entries.some((entry) => entry.valueEstimated) ? (
                <p className="text-muted text-xs">{ESTIMATE_FOOTNOTE}</p>
              ) : null}
            </>
          )}
          {total > 0 ? (
            <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
              <p role="status" className="text-muted text-sm tabular">
                {showingText(Math.min(params.page, totalPages), total, PAGE_SIZE)}
              </p>
              <Pagination
                page={params.page}
                totalPages={totalPages}
                onPageChange={(page) => update({ page })}
                label="Collection pages"
              />
            </div>
          ) : null}
        </section>
      )}

      <LazyAddCollectionFlow open={adding} onOpenChange={setAdding} />
      <LazyAddToCollectionDialog
        item={copy.item}
        open={copy.open}
        onOpenChange={(open) => setCopy((current) => ({ ...current, open }))}
      />
      {editing ? (
        <Suspense fallback={null}>
          <EditEntryDialog entry={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null)
        }}
        title="Remove from collection?"
        description={
          removing
            ? `${removing.item.name} (${removing.condition.label}, quantity ${removing.quantity}) will be removed from your collection.`
            : ''
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return
          remove.mutate(removing, {
            onSuccess: () => {
              toast({ ...TOASTS.removed, variant: 'success' })
              setRemoving(null)
            },
            onError: (error) => {
              console.error(error)
              toast({ ...TOASTS.removeFailed, variant: 'destructive' })
            },
            onSettled: () => setRemoving(null),
          })
        }}
      />
    </div>
  )
}

function EmptyCollection({ onAdd }: { onAdd: () => void }) {
  return (
    <EmptyScreen
      icon={Boxes}
      title="Your collection is empty"
      text="Add the sets and minifigures you own with what you paid, and see what they are worth today."
    >
      <button type="button" onClick={onAdd} className={buttonClasses('primary', 'md')}>
        <Plus aria-hidden="true" />
        Add your first item
      </button>
      <Link href="/sets" className={buttonClasses('secondary', 'md')}>
        <ToyBrick aria-hidden="true" />
        Browse Sets
      </Link>
      <Link href="/minifigures" className={buttonClasses('secondary', 'md')}>
        <PersonStanding aria-hidden="true" />
        Browse Minifigures
      </Link>
    </EmptyScreen>
  )
}
