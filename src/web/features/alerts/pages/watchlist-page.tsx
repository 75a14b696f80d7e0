import { BellOff, Search, SearchX } from 'lucide-react'
import { lazy, Suspense, useMemo, useState } from 'react'
import type { Alert, UpdateAlertBody } from '#shared/contract/alerts.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { EmptyList, EmptyScreen, ListError, RowsSkeleton } from '#web/components/ui/list-states.tsx'
import { Pagination } from '#web/components/ui/pagination.tsx'
import { showingRangeText } from '#web/components/ui/paging.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { useUrlParams } from '#web/lib/use-url-params.ts'
import { ALERT_TEXTS, firedNowText, pausedUntilText } from '../alert-texts.ts'
import { AlertRow } from '../components/alert-row.tsx'
import { SignInRequired } from '../components/sign-in-required.tsx'
import { WatchlistToolbar } from '../components/watchlist-toolbar.tsx'
import { useDeleteAlert, useUpdateAlert } from '../mutations.ts'
import { useAlerts } from '../queries.ts'
import {
  parseWatchlistParams,
  WATCHLIST_PAGE_SIZE,
  WATCHLIST_SEARCH_DEBOUNCE_MS,
  watchlistPage,
  watchlistSearch,
} from '../watchlist-view.ts'

const DAY_MS = 86_400_000

const BrowseItemsDialog = lazy(() =>
  import('../components/browse-items-dialog.tsx').then((module) => ({ default: module.BrowseItemsDialog })),
)
// The edit dialog brings the form library and the contract's schemas: loaded when first wanted.
const EditAlertDialog = lazy(() =>
  import('../components/edit-alert-dialog.tsx').then((module) => ({ default: module.EditAlertDialog })),
)

/**
 * The watchlist (spec 02 §2): 'Sign in Required' when signed out; else 'My Watchlist' with the count of
 * alerts, each with its item, condition, threshold and state, paused, resumed, edited or deleted here; and
 * ours, to find one among many: search, filters, order and pages of 50, kept in the URL.
 */
export function WatchlistPage() {
  useDocumentTitle(ALERT_TEXTS.watchlist)
  const { status } = useSession()
  if (status !== 'ready') return <SignInRequired text={ALERT_TEXTS.signInText} />
  return <Watchlist />
}

function Watchlist() {
  const alerts = useAlerts()
  const { rates } = useCurrency()
  const {
    params,
    update: updateParams,
    searchInput,
    setSearchInput,
  } = useUrlParams({
    parse: parseWatchlistParams,
    serialize: watchlistSearch,
    debounceMs: WATCHLIST_SEARCH_DEBOUNCE_MS,
  })
  const update = useUpdateAlert()
  const remove = useDeleteAlert()
  const [browsing, setBrowsing] = useState(false)
  const [browseWanted, setBrowseWanted] = useState(false)
  // By id: the dialog shows the alert as the list has it now (its fair price moves live).
  const [editingId, setEditingId] = useState<number | null>(null)
  // Pausing (for a while, or until resumed) and resuming: saved, then said in a toast; a failure says why.
  const pauseOrResume = (
    alert: Alert,
    body: UpdateAlertBody,
    said: (saved: Alert) => { title: string; description?: string },
  ) =>
    update.mutate(
      { id: alert.id, body },
      {
        onSuccess: (saved) => toast({ ...said(saved), variant: 'success' }),
        onError: (error) =>
          toast({
            title: ALERT_TEXTS.paused.failure,
            description: serverMessage(error, ALERT_TEXTS.paused.failure),
            variant: 'destructive',
          }),
      },
    )
  const busyId = update.isPending ? update.variables?.id : remove.isPending ? remove.variables : undefined
  const list = alerts.data
  const editing = list?.find((alert) => alert.id === editingId)
  // Worked out again only when the list, the view or the rates change, not at each keystroke in the search box.
  const shown = useMemo(() => (list ? watchlistPage(list, params, rates) : null), [list, params, rates])

  return (
    <div className="page-width grid grid-cols-1 gap-6 py-8 sm:py-10">
      <header className="flex items-center gap-3">
        <h1 className="font-extrabold text-3xl tracking-tight sm:text-4xl">{ALERT_TEXTS.watchlist}</h1>
        {list ? (
          <span className="tabular inline-flex min-w-8 items-center justify-center rounded-full border border-brick-yellow/50 bg-brick-yellow/10 px-2.5 py-0.5 font-semibold text-brick-yellow text-sm">
            {list.length}
            <span className="sr-only">{list.length === 1 ? ' alert' : ' alerts'}</span>
          </span>
        ) : null}
      </header>
      {alerts.isPending ? (
        <RowsSkeleton />
      ) : alerts.isError || !list ? (
        <ListError text="The alerts could not be loaded." onRetry={() => void alerts.refetch()} />
      ) : list.length === 0 ? (
        <EmptyScreen icon={BellOff} title={ALERT_TEXTS.empty} text={ALERT_TEXTS.emptyText}>
          <button
            type="button"
            onClick={() => {
              setBrowseWanted(true)
              setBrowsing(true)
            }}
            className={buttonClasses('primary', 'md')}
          >
            <Search aria-hidden="true" />
            {ALERT_TEXTS.browse}
          </button>
        </EmptyScreen>
      ) : (
        <div className="grid gap-4">
          <WatchlistToolbar
            searchValue={searchInput}
            onSearchChange={setSearchInput}
            filter={params.filter}
            counts={shown?.counts}
            onFilterChange={(filter) => updateParams({ filter })}
            sort={params.sort}
            onSortChange={(sort) => updateParams({ sort })}
          />
          {shown?.matching === 0 ? (
            <EmptyList icon={SearchX} title={ALERT_TEXTS.noMatch}>
              {ALERT_TEXTS.noMatchText}
            </EmptyList>
          ) : (
            <ul aria-label="Alerts" className="grid gap-3">
              {shown?.alerts.map((alert) => (
                <AlertRow
                  key={alert.id}
                  alert={alert}
                  busy={busyId === alert.id}
                  onActiveChange={(active) =>
                    pauseOrResume(alert, { active }, (saved) => ({
                      title: active ? ALERT_TEXTS.paused.resumed : ALERT_TEXTS.paused.title,
                      description: firedNowText(alert, saved),
                    }))
                  }
                  onPauseFor={(days) =>
                    pauseOrResume(
                      alert,
                      { pausedUntil: new Date(Date.now() + days * DAY_MS).toISOString() },
                      (saved) => ({
                        title: ALERT_TEXTS.paused.title,
                        description: saved.pausedUntil ? pausedUntilText(saved.pausedUntil) : undefined,
                      }),
                    )
                  }
                  onEdit={() => setEditingId(alert.id)}
                  onDelete={() =>
                    remove.mutate(alert.id, {
                      onSuccess: () => toast({ title: ALERT_TEXTS.deleted.title, variant: 'success' }),
                      onError: () => toast({ title: ALERT_TEXTS.deleted.failure, variant: 'destructive' }),
                    })
                  }
                />
              ))}
            </ul>
          )}
          {shown && shown.matching > 0 ? (
            <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
              <p role="status" className="text-muted text-sm tabular">
                {showingRangeText(shown.page, shown.matching, WATCHLIST_PAGE_SIZE, ALERT_TEXTS.nouns)}
              </p>
              <Pagination
                page={shown.page}
                totalPages={shown.totalPages}
                onPageChange={(page) => updateParams({ page })}
                label="Watchlist pages"
              />
            </div>
          ) : null}
        </div>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <EditAlertDialog key={editing.id} alert={editing} onClose={() => setEditingId(null)} />
        </Suspense>
      ) : null}
      {browseWanted ? (
        <Suspense fallback={null}>
          <BrowseItemsDialog open={browsing} onOpenChange={setBrowsing} />
        </Suspense>
      ) : null}
    </div>
  )
}
