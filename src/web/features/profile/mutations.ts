import { useQueryClient } from '@tanstack/react-query'
import type { TestMailSent } from '#shared/contract/me.ts'
import type { PushStatus, TestPushSent } from '#shared/contract/push.ts'
import type { EndedSessions, Session } from '#shared/contract/sessions.ts'
import { apiRequest } from '#web/lib/api.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'
import { subscribeBrowser, unsubscribeBrowser } from './push-browser.ts'
import { pushQueries, sessionQueries } from './queries.ts'

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

/** After push was turned on or off here: this browser's subscription and the server's answer are asked again. */
function useRefreshPush() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pushQueries.browser().queryKey }),
      queryClient.invalidateQueries({ queryKey: ['/api/me/push'] }),
    ])
}

/** The browser's permission and subscription, then PUT /api/me/push-subscriptions. */
export function useTurnPushOn() {
  const refresh = useRefreshPush()
  return useApiMutation({
    mutationFn: async (publicKey: string) =>
      apiRequest<PushStatus>('PUT', '/api/me/push-subscriptions', {
        body: await subscribeBrowser(publicKey),
      }),
    onSettled: () => {
      void refresh()
    },
  })
}

/** The browser's subscription ended, then DELETE /api/me/push-subscriptions. */
export function useTurnPushOff() {
  const refresh = useRefreshPush()
  return useApiMutation({
    mutationFn: () => unsubscribeBrowser(),
    onSettled: () => {
      void refresh()
    },
  })
}

/** POST /api/me/push/test: a test notification to each of the user's browsers. */
export function useSendTestPush() {
  return useApiMutation({
    mutationFn: () => apiRequest<TestPushSent>('POST', '/api/me/push/test'),
  })
}
