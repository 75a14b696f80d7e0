import { toast } from '#web/components/ui/toast-store.ts'
import { navigateToLogin } from './auth-queries.ts'

export const UNAUTHORIZED_REDIRECT_MS = 500
export const UNAUTHORIZED_TITLE = 'Unauthorized'
export const UNAUTHORIZED_DESCRIPTION = 'You are logged out. Logging in again...'

/**
 * A signed-out user on a screen that needs sign-in (or a call answered 401): say so, then go to
 * the login route after 500 ms (spec 01 §8). Returns a function that cancels the redirect.
 */
export function handleUnauthorized(): () => void {
  toast({ title: UNAUTHORIZED_TITLE, description: UNAUTHORIZED_DESCRIPTION, variant: 'destructive' })
  const timer = setTimeout(navigateToLogin, UNAUTHORIZED_REDIRECT_MS)
  return () => clearTimeout(timer)
}
