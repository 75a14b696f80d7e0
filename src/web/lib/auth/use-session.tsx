import { useQuery } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext } from 'react'
import type { BetaAccess, User } from '#shared/contract/auth.ts'
import { authQueries, hasBetaAccess } from './auth-queries.ts'

export type SessionStatus = 'loading' | 'signed-out' | 'no-access' | 'access-error' | 'ready'

export interface Session {
  /** ready: signed in with access; no-access: the Private Beta gate; access-error: the check failed. */
  status: SessionStatus
  user: User | null
  access: BetaAccess | undefined
  retryAccess: () => void
}

const SessionContext = createContext<Session | null>(null)

/**
 * Who is signed in and whether the private beta lets them in, checked once for the whole app
 * (spec 01 §4). The access check runs only when signed in.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const userQuery = useQuery(authQueries.user())
  const user = userQuery.data ?? null
  const accessQuery = useQuery({ ...authQueries.betaAccess(user?.id ?? ''), enabled: user !== null })

  let status: SessionStatus
  if (userQuery.isPending) status = 'loading'
  else if (!user) status = 'signed-out'
  else if (accessQuery.data) status = hasBetaAccess(accessQuery.data) ? 'ready' : 'no-access'
  else if (accessQuery.isError) status = 'access-error'
  else status = 'loading'

  const session: Session = {
    status,
    user,
    access: accessQuery.data,
    retryAccess: () => {
      void accessQuery.refetch()
    },
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession must be used within a SessionProvider')
  return session
}

/** The current user; null when signed out (or still loading). */
export function useAuth(): { user: User | null; isLoading: boolean; isAuthenticated: boolean } {
  const { status, user } = useSession()
  return { user, isLoading: status === 'loading', isAuthenticated: user !== null }
}
