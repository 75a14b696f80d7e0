import { useQuery } from '@tanstack/react-query'
import { LogOut, Monitor, Smartphone } from 'lucide-react'
import type { Session } from '#shared/contract/sessions.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { exactTime, formatDate, plural, relativeTime } from '#web/lib/format.ts'
import { useEndOtherSessions, useEndSession } from '../mutations.ts'
import { sessionQueries } from '../queries.ts'

const FAILED = 'Could not sign that session out. Please try again.'

/** Where the user is signed in, and a way to end the sessions of other devices (DESIGN §4). */
export function SessionsCard() {
  const sessions = useQuery(sessionQueries.list())
  const endOthers = useEndOtherSessions()
  const list = sessions.data?.sessions ?? []
  const others = list.filter((session) => !session.current).length

  return (
    <Card as="section" aria-labelledby="sessions-heading" className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="font-bold text-lg">
            Sessions
          </h2>
          <p className="mt-0.5 text-muted text-sm">
            Where you are signed in. Sign out of any you don't recognise.
          </p>
        </div>
        {others > 0 ? (
          <button
            type="button"
            className={buttonClasses('danger-outline', 'sm')}
            disabled={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: ({ ended }) =>
                  toast({
                    title: 'Signed out elsewhere',
                    description: `${plural(ended, 'other session', 'other sessions')} ended.`,
                    variant: 'success',
                  }),
                onError: (error) =>
                  toast({
                    title: 'Error',
                    description: serverMessage(error, FAILED),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <LogOut aria-hidden="true" />
            Sign out other sessions
          </button>
        ) : null}
      </div>

      {sessions.isPending ? (
        <div aria-busy="true" className="mt-4 h-16 animate-pulse rounded-xl bg-raised" />
      ) : sessions.isError ? (
        <p className="mt-4 text-subtle text-sm">Your sessions could not be loaded just now.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line" aria-label="Your sessions">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Card>
  )
}

function SessionRow({ session }: { session: Session }) {
  const endSession = useEndSession()
  const lastSeen = relativeTime(session.lastSeenAt, Date.now())
  const Icon = /\b(iOS|Android)$/.test(session.device) ? Smartphone : Monitor
  return (
    <li className="flex items-center gap-3 py-3">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-subtle" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-fg text-sm">
          {session.device}
          {session.current ? (
            <span className="rounded-full border border-brick-yellow/50 bg-brick-yellow/10 px-2 py-0.5 font-semibold text-brick-yellow text-xs">
              This device
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-muted text-xs">
          Signed in{' '}
          <time dateTime={session.createdAt} title={exactTime(session.createdAt)}>
            {formatDate(session.createdAt)}
          </time>
          {' · '}
          {session.current ? (
            'active now'
          ) : (
            <>
              last seen{' '}
              <time dateTime={session.lastSeenAt} title={exactTime(session.lastSeenAt)}>
                {lastSeen}
              </time>
            </>
          )}
        </p>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className={buttonClasses('secondary', 'sm')}
          disabled={endSession.isPending}
          aria-label={`Sign out ${session.device}, last seen ${lastSeen}`}
          onClick={() =>
            endSession.mutate(session, {
              onSuccess: () => toast({ title: `Signed out ${session.device}`, variant: 'success' }),
              onError: (error) =>
                toast({ title: 'Error', description: serverMessage(error, FAILED), variant: 'destructive' }),
            })
          }
        >
          Sign out
        </button>
      )}
    </li>
  )
}
