import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type {
  Condition,
  ItemDetail,
  ListItemsResponse,
  SearchResult,
  Theme,
} from '#shared/contract/catalogue.ts'
import type { ItemType } from '#shared/contract/values.ts'
import { pageOffset } from '#web/components/ui/paging.ts'
import { type ListParams, PAGE_SIZE } from './list-params.ts'

export interface ListFilters {
  type: ItemType
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

/** The sets list's filters for its URL state: the page and the early fetch (prefetch.ts) ask for the same. */
export function setListFilters(params: ListParams): ListFilters {
  return { type: 'set', page: params.page, query: params.query, themeId: params.theme, year: params.year }
}

/** The minifigures list's filters for its URL state. */
export function minifigListFilters(params: ListParams): ListFilters {
  return {
    type: 'minifig',
    page: params.page,
    query: params.query,
    theme: params.theme,
    year: params.year,
    set: params.set,
  }
}

/** The search's page size (spec 01 §9): the search box and the add dialog's search. */
export const SEARCH_LIMIT = 10
type SearchAnswer = { results: SearchResult[] }
/** The query text is in the key, so an older answer never lands on a newer query. */
const searchKey = (query: string, limit: number) => ['/api/search/items', { query, limit }] as const

/** The catalogue's items (the default query function turns each key into its URL). */
export const itemQueries = {
  /** One page of sets or minifigures; the previous page stays on screen while the next loads. */
  list: (filters: ListFilters) =>
    queryOptions<ListItemsResponse>({
      queryKey: [
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
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  detail: (slug: string) =>
    queryOptions<ItemDetail>({
      queryKey: [`/api/items/slug/${encodeURIComponent(slug)}`] as const,
      staleTime: 30_000,
    }),
  /** Ranked search; the last results stay on screen while the next ones load, rather than flickering. */
  search: (query: string) =>
    queryOptions<SearchAnswer>({
      queryKey: searchKey(query, SEARCH_LIMIT),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  /** The set with this number ('75192-1', or '75192' for its first version): exact matches rank first. */
  setByNumber: (number: string) =>
    queryOptions<SearchAnswer, Error, SearchResult | null>({
      queryKey: searchKey(number, 5),
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
    }),
}

const THEMES_KEY = ['/api/themes'] as const
const sortedThemeNames = (themes: Theme[]) =>
  [...new Set(themes.map((theme) => theme.name))].sort((a, b) => a.localeCompare(b))

export const themeQueries = {
  all: () => queryOptions<Theme[]>({ queryKey: THEMES_KEY, staleTime: 5 * 60_000 }),
  /** Each theme name once, in alphabetical order (the item forms' suggestions). */
  names: () =>
    queryOptions<Theme[], Error, string[]>({
      queryKey: THEMES_KEY,
      staleTime: 5 * 60_000,
      select: sortedThemeNames,
    }),
  /** Every theme name a minifigure has, alphabetically (the minifigures' theme filter). */
  minifigNames: () =>
    queryOptions<string[]>({ queryKey: ['/api/minifigures/themes'] as const, staleTime: 5 * 60_000 }),
}

/**
 * The conditions of sets or minifigures, asked for only while a form needs them (spec 01 §7).
 * Reference data that changes only with a release: kept 10 minutes.
 */
export const conditionQueries = {
  byCategory: (category: ItemType) =>
    queryOptions<Condition[]>({
      queryKey: ['/api/conditions', { category }] as const,
      staleTime: 10 * 60_000,
    }),
}

export function useItemList(filters: ListFilters) {
  return useQuery(itemQueries.list(filters))
}

export function useThemes() {
  return useQuery(themeQueries.all())
}

export function useThemeNames(enabled = true) {
  return useQuery({ ...themeQueries.names(), enabled })
}

export function useMinifigThemeNames() {
  return useQuery(themeQueries.minifigNames())
}

export function useItemDetail(slug: string) {
  return useQuery(itemQueries.detail(slug))
}

export function useConditions(category: ItemType | undefined, enabled = true) {
  return useQuery({
    ...conditionQueries.byCategory(category ?? 'set'),
    enabled: enabled && category !== undefined,
  })
}

/** The set with this number ('75192-1', or '75192' for its first version), when there is one. */
export function useSetByNumber(number: string) {
  return useQuery({ ...itemQueries.setByNumber(number), enabled: number.length > 0 })
}

/** The item search, from the search box and the add dialog's search. */
export function useItemSearch(query: string, enabled: boolean) {
  return useQuery({ ...itemQueries.search(query), enabled })
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
