import type { QueryClient } from '@tanstack/react-query'
import type { WantedList } from '#shared/contract/imports.ts'
import { pagedListOptions } from '#web/lib/paged-list.ts'

export const WANTED_LIST_PATH = '/api/me/wanted'
/** Rows per page ('Load more' fetches the next). */
export const WANTED_PAGE_SIZE = 50

/** The signed-in user's wanted list; the key names its endpoint, so a write refreshes exactly it. */
export const wantedQueries = {
  /**
   * The list, newest first, a page at a time. Never cached as fresh: imports on another screen fill it,
   * and today's fair prices move, so each visit asks again.
   */
  list: () =>
    pagedListOptions<WantedList>({
      key: [WANTED_LIST_PATH, { limit: WANTED_PAGE_SIZE }] as const,
      rowsOf: (answer) => answer.items,
      staleTime: 0,
    }),
}

/** After the wanted list changes (a removal here, an import elsewhere): every page of it. */
export function invalidateWanted(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [WANTED_LIST_PATH] })
}
