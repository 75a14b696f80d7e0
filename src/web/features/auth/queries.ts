import { useQuery } from '@tanstack/react-query'
import { authQueries } from '#web/lib/auth/auth-queries.ts'

/** Which sign-in providers the server offers; without an answer, only e-mail and password. */
export function useAuthProviders() {
  return useQuery(authQueries.providers())
}
