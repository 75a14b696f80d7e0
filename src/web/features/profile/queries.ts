import { queryOptions } from '@tanstack/react-query'
import type { AlertEmailStatus } from '#shared/contract/me.ts'
import type { PushStatus } from '#shared/contract/push.ts'
import type { SessionList } from '#shared/contract/sessions.ts'
import { apiRequest } from '#web/lib/api.ts'
import { browserSubscription } from './push-browser.ts'

/** The signed-in user's sessions (the default query function turns the key into its URL). */
export const sessionQueries = {
  /** Asked again on every visit: a session may have started or ended on another device meanwhile. */
  list: () => queryOptions<SessionList>({ queryKey: ['/api/me/sessions'] as const, staleTime: 0 }),
}

/** Whether this server sends alert e-mails at all: its configuration, which a restart alone changes. */
export const alertEmailStatusQuery = () =>
  queryOptions<AlertEmailStatus>({
    queryKey: ['/api/me/alert-email'] as const,
    staleTime: Number.POSITIVE_INFINITY,
  })

/**
 * This browser's push subscription's endpoint (null: none), then what the server says of push for the user: its
 * key, their browsers, and whether this one is among them.
 */
export const pushQueries = {
  browser: () =>
    queryOptions({
      queryKey: ['push-browser'] as const,
      queryFn: async () => (await browserSubscription())?.endpoint ?? null,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  status: (endpoint: string | null) =>
    queryOptions<PushStatus>({
      queryKey: ['/api/me/push', endpoint] as const,
      queryFn: () =>
        apiRequest<PushStatus>(
          'GET',
          endpoint ? `/api/me/push?endpoint=${encodeURIComponent(endpoint)}` : '/api/me/push',
        ),
      staleTime: 0,
    }),
}
