import { useEffect } from 'react'
import { PageSpinner } from '#web/components/ui/spinner.tsx'
import { handleUnauthorized } from '#web/lib/auth/unauthorized.ts'

/** Shown on a signed-in screen to a signed-out visitor: toast, then off to login. */
export function UnauthorizedRedirect() {
  useEffect(() => handleUnauthorized(), [])
  return <PageSpinner label="Redirecting to login…" />
}
