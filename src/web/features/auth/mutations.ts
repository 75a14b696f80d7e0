import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import type { LoginBody, RegisterBody, User } from '#shared/contract/auth.ts'
import { ApiError, apiRequest, serverMessage } from '#web/lib/api.ts'
import { refreshUser } from '#web/lib/auth/auth-queries.ts'
import { useApiMutation } from '#web/lib/use-api-mutation.ts'

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.'
export const SIGN_IN_FAILED_MESSAGE = 'Could not sign in. Please try again.'
export const SIGN_UP_FAILED_MESSAGE = 'Could not create your account. Please try again.'

/** What to show for a failed sign-in or sign-up: the server's message, else a fitting fallback. */
export function authFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429) return serverMessage(error, RATE_LIMITED_MESSAGE)
  return serverMessage(error, fallback)
}

/** After signing in or up: show the new user at once, re-check, and go home. */
function useOnSignedIn() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return async (user: User) => {
    await refreshUser(queryClient, user)
    navigate('/', { replace: true })
  }
}

export function useSignIn() {
  const onSignedIn = useOnSignedIn()
  return useApiMutation({
    mutationFn: (body: LoginBody) => apiRequest<User>('POST', '/api/auth/login', { body }),
    // 401 is the server's 'Incorrect email or password.', for the form to show.
    meta: { unauthorized: 'answer' },
    onSuccess: onSignedIn,
  })
}

export function useSignUp() {
  const onSignedIn = useOnSignedIn()
  return useApiMutation({
    mutationFn: (body: RegisterBody) => apiRequest<User>('POST', '/api/auth/register', { body }),
    meta: { unauthorized: 'answer' },
    onSuccess: onSignedIn,
  })
}
