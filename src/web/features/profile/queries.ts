import { queryOptions } from '@tanstack/react-query'
import type { SessionList } from '#shared/contract/sessions.ts'

/** The signed-in user's sessions (the default query function turns the key into its URL). */
export const sessionQueries = {
  /** Asked again on every visit: a session may have started or ended on another device meanwhile. */
  list: () => queryOptions<SessionList>({ queryKey: ['/api/me/sessions'] as const, staleTime: 0 }),
}
