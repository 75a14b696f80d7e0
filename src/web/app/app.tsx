import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { createQueryClient } from '../lib/query-client.ts'
import { AppLayout } from './layout/app-layout.tsx'
import { AppRoutes } from './routes.tsx'

export function App() {
  // One client per mounted app (not a module singleton), so tests can mount fresh apps.
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout>
        <AppRoutes />
      </AppLayout>
    </QueryClientProvider>
  )
}
