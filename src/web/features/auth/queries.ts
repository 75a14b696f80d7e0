import { useQuery } from '@tanstack/react-query'
import { authKeys, fetchAuthProviders } from '#web/lib/auth/auth-queries.ts'

/** Which sign-in providers the server offers; without an answer, only e-mail and password. */
export function useAuthProviders() {
  return useQuery({
    queryKey: authKeys.providers,
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
