import { infiniteQueryOptions } from '@tanstack/react-query'
import { apiRequest } from './api.ts'
import { queryKeyToUrl } from './query-client.ts'

/**
 * A list read a page at a time ('Load more'): `key` is the endpoint's path and its parameters (`limit`
 * among them), each page asks from where the loaded rows end (`offset`), and there is a next page while
 * fewer rows are loaded than the answer's `total`. `rowsOf` picks an answer's rows.
 */
export function pagedListOptions<Answer extends { total: number }>({
  key,
  rowsOf,
  staleTime,
}: {
  key: readonly [string, Record<string, string | number | undefined>]
  rowsOf: (answer: Answer) => unknown[]
  staleTime: number
}) {
  return infiniteQueryOptions({
    queryKey: key,
    staleTime,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Answer>('GET', queryKeyToUrl([key[0], { ...key[1], offset: pageParam }]), { signal }),
    getNextPageParam: (last: Answer, pages: Answer[]) => {
      const loaded = pages.reduce((count, page) => count + rowsOf(page).length, 0)
      return rowsOf(last).length > 0 && loaded < last.total ? loaded : undefined
    },
  })
}
