import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { BellOff, BellRing, CheckCheck, Eye, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import type { NotificationView } from '#shared/contract/values.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Chip } from '#web/components/ui/chip.tsx'
import { EmptyList, EmptyScreen, ListError, LoadMore, RowsSkeleton } from '#web/components/ui/list-states.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useSession } from '#web/lib/auth/use-session.tsx'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { NOTIFICATION_TEXTS } from '../alert-texts.ts'
import { NotificationRow } from '../components/notification-row.tsx'
import { PushHint } from '../components/push-hint.tsx'
import { SignInRequired } from '../components/sign-in-required.tsx'
import { useMarkNotificationsRead } from '../mutations.ts'
import { notificationListQuery, parseNotificationView, viewTotal } from '../notification-list-query.ts'
import { notificationQueries } from '../notification-queries.ts'

/**
 * The notification centre (issue 13 part 4; the spec's 'Alerts - Coming Soon' placeholder before): the alerts
 * that fired, newest first, a page at a time, each marked read on its own or all at once; all of them, or only
 * the unread (ours, kept in the URL as `?show=unread`). 'Sign in Required' when signed out, as the watchlist.
 */
export function AlertsPage() {
  useDocumentTitle(NOTIFICATION_TEXTS.title)
  const { status } = useSession()
  if (status !== 'ready') return <SignInRequired text={NOTIFICATION_TEXTS.signInText} />
  return <NotificationCentre />
}

const VIEW_CHIPS: ReadonlyArray<{ value: NotificationView; label: string }> = [
  { value: 'all', label: NOTIFICATION_TEXTS.all },
  { value: 'unread', label: NOTIFICATION_TEXTS.unread },
]

function NotificationCentre() {
  const [location, navigate] = useLocation()
  const show = parseNotificationView(useSearch())
  const query = useInfiniteQuery(notificationListQuery(show))
  // The chips' counts come with the bell's, so they stay on screen while the other view loads.
  const counts = useQuery(notificationQueries.counts()).data
  const markRead = useMarkNotificationsRead()
  // Relative times are worked out against the moment the page was drawn.
  const [now] = useState(() => Date.now())
  const pages = query.data?.pages ?? []
  const last = pages.at(-1)
  const rows = pages.flatMap((page) => page.notifications)
  const unread = last?.unread ?? 0
  const busyIds = markRead.isPending ? markRead.variables : undefined

  const mark = (ids?: number[]) =>
    markRead.mutate(ids, {
      onError: (error) =>
        toast({
          title: NOTIFICATION_TEXTS.markFailure,
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    })

  return (
    <div className="page-width grid grid-cols-1 gap-6 py-8 sm:py-10">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-extrabold text-3xl tracking-tight sm:text-4xl">{NOTIFICATION_TEXTS.title}</h1>
        {last ? (
          <span className="tabular inline-flex min-w-8 items-center justify-center rounded-full border border-brick-yellow/50 bg-brick-yellow/10 px-2.5 py-0.5 font-semibold text-brick-yellow text-sm">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
        <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
          <Link href="/watchlist" className={buttonClasses('ghost', 'sm')}>
            <Eye aria-hidden="true" />
            {NOTIFICATION_TEXTS.watchlist}
          </Link>
          {last && last.total > 0 ? (
            <button
              type="button"
              onClick={() => mark()}
              disabled={unread === 0 || markRead.isPending}
              className={buttonClasses('secondary', 'sm')}
            >
              <CheckCheck aria-hidden="true" />
              {NOTIFICATION_TEXTS.markAllRead}
            </button>
          ) : null}
        </div>
      </header>
      <PushHint />
      {counts && counts.total > 0 ? (
        <fieldset className="m-0 min-w-0 border-0 p-0">
          <legend className="sr-only">{NOTIFICATION_TEXTS.show}</legend>
          <div className="flex flex-wrap items-center gap-2">
            {VIEW_CHIPS.map((chip) => (
              <Chip
                key={chip.value}
                active={show === chip.value}
                count={viewTotal(counts, chip.value)}
                onClick={() => navigate(chip.value === 'all' ? location : `${location}?show=${chip.value}`)}
              >
                {chip.label}
              </Chip>
            ))}
          </div>
        </fieldset>
      ) : null}
      {query.isPending ? (
        <RowsSkeleton />
      ) : query.isError ? (
        <ListError text={NOTIFICATION_TEXTS.loadError} onRetry={() => void query.refetch()} />
      ) : last && last.total > 0 && rows.length === 0 ? (
        <EmptyList icon={MailCheck} title={NOTIFICATION_TEXTS.noUnread}>
          {NOTIFICATION_TEXTS.noUnreadText}
        </EmptyList>
      ) : rows.length === 0 ? (
        <EmptyScreen icon={BellOff} title={NOTIFICATION_TEXTS.empty} text={NOTIFICATION_TEXTS.emptyText}>
          <Link href="/watchlist" className={buttonClasses('primary', 'md')}>
            <BellRing aria-hidden="true" />
            {NOTIFICATION_TEXTS.watchlist}
          </Link>
        </EmptyScreen>
      ) : (
        <>
          <ul aria-label="Triggered alerts" className="grid gap-3">
            {rows.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                now={now}
                busy={busyIds === undefined || busyIds.includes(notification.id) ? markRead.isPending : false}
                onMarkRead={() => mark([notification.id])}
              />
            ))}
          </ul>
          <LoadMore
            shown={rows.length}
            total={last ? viewTotal(last, show) : rows.length}
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoad={() => void query.fetchNextPage()}
          />
        </>
      )}
    </div>
  )
}
