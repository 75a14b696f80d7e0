import type { UseQueryResult } from '@tanstack/react-query'
import { Fragment, type ReactNode } from 'react'
import type { Item, ListItemsResponse } from '#shared/contract/catalogue.ts'
import { Pagination } from '#web/components/ui/pagination.tsx'
import { pageCount } from '#web/components/ui/paging.ts'
import { cn } from '#web/lib/cn.ts'
import { PAGE_SIZE } from '../list-params.ts'
import { EmptyList, ListError } from './list-header.tsx'

/**
 * The body of a catalogue list (spec 02 §2): skeleton cards while the first page loads, an error with
 * a retry, the empty state, or the 'Showing …' line, the card grid and the numbered pages. The
 * previous page stays on screen, dimmed, while the next one loads.
 */
export function ListResults({
  list,
  noun,
  gridClassName,
  skeleton,
  skeletonCount,
  skeletonTestId,
  empty,
  showing,
  card,
  page,
  onPageChange,
}: {
  list: UseQueryResult<ListItemsResponse>
  /** 'sets' or 'minifigures': the loading text and the pager's label. */
  noun: string
  gridClassName: string
  skeleton: ReactNode
  skeletonCount: number
  skeletonTestId: string
  empty: { title: string; hint: string; icon: ReactNode }
  showing: (shown: number, total: number) => string
  card: (item: Item) => ReactNode
  page: number
  onPageChange: (page: number) => void
}) {
  const items = list.data?.items ?? []
  const total = list.data?.total ?? 0
  return (
    <div className="mt-6" aria-busy={list.isFetching}>
      {list.isPending ? (
        <>
          <p className="sr-only" role="status">
            Loading {noun}…
          </p>
          <div className={gridClassName} data-testid={skeletonTestId}>
            {Array.from({ length: skeletonCount }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Fragment key={index}>{skeleton}</Fragment>
            ))}
          </div>
        </>
      ) : list.isError && !list.data ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyList title={empty.title} hint={empty.hint} icon={empty.icon} />
      ) : (
        <>
          <p role="status" className="mb-4 text-muted text-sm tabular">
            {showing(items.length, total)}
          </p>
          <ul className={cn(gridClassName, list.isPlaceholderData && 'opacity-60 transition-opacity')}>
            {items.map((item) => (
              <li key={item.id}>{card(item)}</li>
            ))}
          </ul>
          <div className="mt-8">
            <Pagination
              label={`${noun[0]?.toUpperCase()}${noun.slice(1)} pages`}
              page={page}
              totalPages={pageCount(total, PAGE_SIZE)}
              onPageChange={(next) => {
                onPageChange(next)
                window.scrollTo({ top: 0, behavior: 'instant' })
              }}
            />
          </div>
        </>
      )}
    </div>
  )
}
