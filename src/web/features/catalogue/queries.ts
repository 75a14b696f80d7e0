import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query'
import type { ItemDetail, ListItemsResponse, SearchResult, Theme } from '#shared/contract/catalogue.ts'
import { pageOffset } from '#web/components/ui/paging.ts'
import { MINIFIG_THEME_SOURCE_LIMIT } from './filter-options.ts'
import { PAGE_SIZE } from './list-params.ts'

export interface ListFilters {
  type: 'set' | 'minifig'
  page: number
  query?: string
  /** Sets: a theme id. */
  themeId?: string
  /** Minifigures: a theme name. */
  theme?: string
  year?: string
  /** Minifigures: the number of the set whose figures to list. */
  set?: string
}

const orUndefined = (value: string | undefined) => (value ? value : undefined)

/** Query keys of the catalogue (the default query function turns each into its URL). */
export const catalogueQueries = {
  list: (filters: ListFilters) =>
    [
      '/api/items',
      {
        type: filters.type,
        limit: PAGE_SIZE,
        offset: pageOffset(filters.page, PAGE_SIZE),
        query: orUndefined(filters.query),
        themeId: orUndefined(filters.themeId),
        theme: orUndefined(filters.theme),
        year: orUndefined(filters.year),
        set: orUndefined(filters.set),
      },
    ] as const,
  minifigThemeSource: () =>
    ['/api/items', { type: 'minifig', limit: MINIFIG_THEME_SOURCE_LIMIT, offset: 0 }] as const,
  themes: () => ['/api/themes'] as const,
  detail: (slug: string) => [`/api/items/slug/${encodeURIComponent(slug)}`] as const,
  /** Finds an item by its number (the search puts exact number matches first). */
  byNumber: (number: string) => ['/api/search/items', { query: number, limit: 5 }] as const,
}

/** One page of sets or minifigures; the previous page stays on screen while the next loads. */
export function useItemList(filters: ListFilters) {
  return useQuery<ListItemsResponse>({
    queryKey: catalogueQueries.list(filters),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

export function useThemes() {
  return useQuery<Theme[]>({ queryKey: catalogueQueries.themes(), staleTime: 5 * 60_000 })
}

export function useMinifigThemeSource() {
  return useQuery<ListItemsResponse>({
    queryKey: catalogueQueries.minifigThemeSource(),
    staleTime: 5 * 60_000,
  })
}

export function useItemDetail(slug: string) {
  return useQuery<ItemDetail>({ queryKey: catalogueQueries.detail(slug), staleTime: 30_000 })
}

/** The set with this number ('75192-1', or '75192' for its first version), when there is one. */
export function useSetByNumber(number: string) {
  return useQuery<{ results: SearchResult[] }, Error, SearchResult | null>({
    queryKey: catalogueQueries.byNumber(number),
    enabled: number.length > 0,
    staleTime: 5 * 60_000,
    select: ({ results }) => {
      const wanted = number.toLowerCase()
      return (
        results.find(
          (result) =>
            result.type === 'set' &&
            (result.number.toLowerCase() === wanted || result.number.toLowerCase() === `${wanted}-1`),
        ) ?? null
      )
    },
  })
}

/**
 * After an item is added, edited or deleted: every list, detail and search answer may have changed.
 * `deletedItemId`: that item's own answers (prices, sales) are dropped instead, never refetched into 404s.
 */
export function invalidateCatalogue(queryClient: QueryClient, deletedItemId?: number): Promise<void> {
  const isCatalogueKey = (key: unknown) =>
    typeof key === 'string' && (key.startsWith('/api/items') || key.startsWith('/api/search/items'))
  const deletedPrefix = deletedItemId === undefined ? null : `/api/items/${deletedItemId}/`
  const isDeletedItemKey = (key: unknown) =>
    deletedPrefix !== null && typeof key === 'string' && key.startsWith(deletedPrefix)
  queryClient.removeQueries({ predicate: ({ queryKey }) => isDeletedItemKey(queryKey[0]) })
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => isCatalogueKey(queryKey[0]) && !isDeletedItemKey(queryKey[0]),
  })
}
