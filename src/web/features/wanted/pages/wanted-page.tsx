import { useInfiniteQuery } from '@tanstack/react-query'
import { BellPlus, FileUp, Target, Upload } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import type { WantedAlertsResult, WantedItem } from '#shared/contract/imports.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { EmptyScreen, ListError, LoadMore, RowsSkeleton } from '#web/components/ui/list-states.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ALERT_CREATED_TEXTS } from '#web/features/alerts/index.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { WantedCards } from '../components/wanted-cards.tsx'
import { WantedTable } from '../components/wanted-table.tsx'
import { useRemoveWanted, useSetWantedAlerts } from '../mutations.ts'
import { wantedQueries } from '../queries.ts'
import {
  alertsSetTexts,
  IMPORT_WANTED_HREF,
  itemTitleText,
  removeDescription,
  WANTED_TEXTS,
  wantedCountText,
} from '../wanted-texts.ts'

/**
 * The wanted list (issue 12): what the user is looking for, filled by importing a BrickLink wanted list
 * or another site's export, with the most they would pay beside today's fair price, newest first, 50
 * at a time. Amounts arrive in pounds and are shown in the display currency. A removed row's focus
 * moves to the heading, so a keyboard user carries on from there. Price alerts at the user's prices are set
 * on one row or, after a confirmation, on all of them (ADR 051).
 */
export function WantedPage() {
  useDocumentTitle(WANTED_TEXTS.title)
  const list = useInfiniteQuery(wantedQueries.list())
  const pages = list.data?.pages ?? []
  const rows = pages.flatMap((page) => page.items)
  const total = pages.at(-1)?.total
  const remove = useRemoveWanted()
  const [removing, setRemoving] = useState<WantedItem | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const setAlerts = useSetWantedAlerts()
  const [confirmingAlerts, setConfirmingAlerts] = useState(false)
  // The row being alerted on, while its request runs (the bulk one names none).
  const alerting = setAlerts.isPending ? (setAlerts.variables?.ids?.[0] ?? 0) : null

  // A failure is logged (spec 01 §8); a 401 is the query client's to answer.
  useEffect(() => {
    if (list.error) console.error('The wanted list could not be loaded', list.error)
  }, [list.error])

  const onRemove = () => {
    if (!removing) return
    remove.mutate(removing, {
      onSuccess: () => {
        setRemoving(null)
        heading.current?.focus()
        toast({ title: WANTED_TEXTS.removed, description: itemTitleText(removing.item), variant: 'success' })
      },
      onError: (error) => {
        console.error(error)
        setRemoving(null)
        toast({
          title: WANTED_TEXTS.removeFailed,
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        })
      },
    })
  }

  const alertsFailed = (error: Error, title: string) => {
    console.error(error)
    toast({ title, description: serverMessage(error, 'Please try again.'), variant: 'destructive' })
  }

  // One row: the spec's words for a new alert; otherwise what was set and why not.
  const onAlertOne = (wanted: WantedItem) =>
    setAlerts.mutate(
      { ids: [wanted.id] },
      {
        onSuccess: (result) =>
          toast(
            result.created === 1
              ? {
                  title: ALERT_CREATED_TEXTS.title,
                  description: ALERT_CREATED_TEXTS.description,
                  variant: 'success',
                }
              : alertsSetToast(result),
          ),
        onError: (error) => alertsFailed(error, ALERT_CREATED_TEXTS.failure),
      },
    )

  const onAlertAll = () =>
    setAlerts.mutate(
      {},
      {
        onSuccess: (result) => {
          setConfirmingAlerts(false)
          toast(alertsSetToast(result))
        },
        onError: (error) => {
          setConfirmingAlerts(false)
          alertsFailed(error, WANTED_TEXTS.alerts.failure)
        },
      },
    )

  return (
    <div className="page-width grid grid-cols-1 gap-6 py-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1
            ref={heading}
            tabIndex={-1}
            className="font-extrabold text-3xl tracking-tight outline-none sm:text-4xl"
          >
            {WANTED_TEXTS.title}
          </h1>
          <p className="mt-2 max-w-2xl text-pretty text-muted">{WANTED_TEXTS.intro}</p>
          {list.isError && total === undefined ? null : (
            <p className="mt-3 inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-muted text-sm">
              <Target aria-hidden="true" className="size-4 text-brick-yellow" />
              {total === undefined ? (
                <Skeleton className="h-4 w-20" />
              ) : (
                <span className="tabular">{wantedCountText(total)}</span>
              )}
            </p>
          )}
        </div>
        {rows.length > 0 ? (
          <div className="flex flex-wrap gap-2 self-start sm:self-auto">
            <button
              type="button"
              onClick={() => setConfirmingAlerts(true)}
              disabled={setAlerts.isPending}
              className={buttonClasses('secondary', 'md')}
            >
              <BellPlus aria-hidden="true" />
              {WANTED_TEXTS.alerts.all}
            </button>
            <Link href={IMPORT_WANTED_HREF} className={buttonClasses('secondary', 'md')}>
              <Upload aria-hidden="true" />
              {WANTED_TEXTS.importLink}
            </Link>
          </div>
        ) : null}
      </header>

      {list.isPending ? (
        <RowsSkeleton />
      ) : list.isError ? (
        <ListError text={WANTED_TEXTS.loadFailed} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyWantedList />
      ) : (
        <section aria-label="Wanted items" className="grid gap-4">
          <div className="hidden lg:block">
            <WantedTable rows={rows} onRemove={setRemoving} onAlert={onAlertOne} alerting={alerting} />
          </div>
          <div className="lg:hidden">
            <WantedCards rows={rows} onRemove={setRemoving} onAlert={onAlertOne} alerting={alerting} />
          </div>
          <LoadMore
            shown={rows.length}
            total={total ?? rows.length}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoad={() => void list.fetchNextPage()}
          />
        </section>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null)
        }}
        title={WANTED_TEXTS.removeTitle}
        description={removing ? removeDescription(removing) : ''}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={onRemove}
      />

      <ConfirmDialog
        open={confirmingAlerts}
        onOpenChange={setConfirmingAlerts}
        title={WANTED_TEXTS.alerts.confirmTitle}
        description={WANTED_TEXTS.alerts.confirmText}
        confirmLabel={WANTED_TEXTS.alerts.confirm}
        pendingLabel={WANTED_TEXTS.alerts.pending}
        pending={setAlerts.isPending}
        destructive={false}
        onConfirm={onAlertAll}
      />
    </div>
  )
}

function alertsSetToast(result: WantedAlertsResult) {
  return { ...alertsSetTexts(result), variant: result.created > 0 ? ('success' as const) : undefined }
}

function EmptyWantedList() {
  return (
    <EmptyScreen icon={Target} title={WANTED_TEXTS.emptyTitle} text={WANTED_TEXTS.emptyText}>
      <Link href={IMPORT_WANTED_HREF} className={buttonClasses('primary', 'md')}>
        <FileUp aria-hidden="true" />
        {WANTED_TEXTS.importLink}
      </Link>
    </EmptyScreen>
  )
}
