import type { QueryClient } from '@tanstack/react-query'

/** After the wanted list changes (an import): its pages are asked again. */
export const invalidateWanted = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['/api/me/wanted'] })
