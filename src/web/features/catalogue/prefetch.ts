import type { QueryClient } from '@tanstack/react-query'
import { parseListParams } from './list-params.ts'
import { itemQueries, minifigListFilters, setListFilters, themeQueries } from './queries.ts'

/**
 * The first answers of the catalogue's screens, asked for while their code is still on its way (the route
 * table warms a screen up as the app starts, app/routes.tsx): with the same keys as the screens use, so the
 * screen finds its answer there, or on its way, instead of asking only once its code has run.
 */
export function prefetchSetsScreen(queryClient: QueryClient, search: string): void {
  void queryClient.prefetchQuery(itemQueries.list(setListFilters(parseListParams(search))))
  void queryClient.prefetchQuery(themeQueries.all())
}

export function prefetchMinifiguresScreen(queryClient: QueryClient, search: string): void {
  void queryClient.prefetchQuery(itemQueries.list(minifigListFilters(parseListParams(search))))
  void queryClient.prefetchQuery(themeQueries.minifigNames())
}

/** `slug` as the item route's parameter gives it. */
export function prefetchItemScreen(queryClient: QueryClient, slug: string): void {
  void queryClient.prefetchQuery(itemQueries.detail(slug))
}
