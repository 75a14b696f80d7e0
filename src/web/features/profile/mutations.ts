import { useQueryClient } from '@tanstack/react-query'
import type { TestMailSent } from '#shared/contract/me.ts'
import type { EndedSessions, Session } from '#shared/contract/sessions.ts'
import { apiRequest } from '#web/lib/api.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'
import { sessionQueries } from './queries.ts'

function useInvalidateSessions() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: sessionQueries.list().queryKey })
}

/** DELETE /api/me/sessions/{id}: signs that browser out. */
export function useEndSession() {
  const invalidate = useInvalidateSessions()
  return useApiMutation({
    mutationFn: (session: Pick<Session, 'id'>) =>
      apiRequest<void>('DELETE', `/api/me/sessions/${session.id}`),
    onSuccess: () => {
      void invalidate()
    },
  })
}

/** POST /api/me/sessions/revoke-others: every session but this one ends. */
export function useEndOtherSessions() {
  const invalidate = useInvalidateSessions()
  return useApiMutation({
    mutationFn: () => apiRequest<EndedSessions>('POST', '/api/me/sessions/revoke-others'),
    onSuccess: () => {
      void invalidate()
    },
  })
}

/** POST /api/me/alert-email/test: a test e-mail to the user's own address, as alert e-mails are sent. */
export function useSendTestMail() {
  return useApiMutation({
    mutationFn: () => apiRequest<TestMailSent>('POST', '/api/me/alert-email/test'),
  })
}
