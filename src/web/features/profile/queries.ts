import { queryOptions } from '@tanstack/react-query'
import type { AlertEmailStatus } from '#shared/contract/me.ts'
import type { SessionList } from '#shared/contract/sessions.ts'

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
