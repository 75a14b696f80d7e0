import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { Toaster } from '../components/ui/toaster.tsx'
import { useNotificationEvents } from '../features/alerts/index.ts'
import { SessionProvider, useSession } from '../lib/auth/use-session.tsx'
import { CurrencyProvider } from '../lib/currency/currency-provider.tsx'
import { createQueryClient } from '../lib/query-client.ts'
import { AppLayout } from './layout/app-layout.tsx'
import { AppRoutes } from './routes.tsx'

const OnboardingDialog = lazy(() =>
  import('../features/onboarding/components/onboarding-dialog.tsx').then((module) => ({
    default: module.OnboardingDialog,
  })),
)

export function App() {
  // One client per mounted app (not a module singleton), so tests can mount fresh apps.
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <CurrencyProvider>
          <AppLayout>
            <AppRoutes />
          </AppLayout>
          <Onboarding />
          <LiveNotifications />
          <Toaster />
        </CurrencyProvider>
      </SessionProvider>
    </QueryClientProvider>
  )
}

/** Signed-in users with access who have not finished onboarding get the dialog on any route. */
function Onboarding() {
  const { status, user } = useSession()
  if (status !== 'ready' || !user || user.onboardingCompleted) return null
  return (
    <Suspense fallback={null}>
      <OnboardingDialog />
    </Suspense>
  )
}

/** Signed in with access: this tab hears the user's alerts as they fire (one stream per tab). */
function LiveNotifications() {
  const { status } = useSession()
  useNotificationEvents(status === 'ready')
  return null
}
