import type { UseQueryResult } from '@tanstack/react-query'
import { Fragment, type ReactNode, startTransition, useDeferredValue, useEffect, useState } from 'react'
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
  cardHeight,
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
  /** About how tall a card is drawn (a CSS length), for the cards not yet drawn (below). */
  cardHeight: string
  page: number
  onPageChange: (page: number) => void
}) {
  // A page of cards is drawn as a transition, a few milliseconds at a time, while the skeleton stays a
  // moment longer: drawn at once as the answer lands, fifty cards held a phone's main thread for over half a
  // second (README, Web speed).
  const data = useDeferredValue(list.data)
  const items = data?.items ?? []
  const total = data?.total ?? 0
  const drawn = useDrawnCount(data, items.length)
  return (
    <div className="mt-6" aria-busy={list.isFetching}>
      {data === undefined && !list.isError ? (
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
      ) : list.isError && !data ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyList title={empty.title} hint={empty.hint} icon={empty.icon} />
      ) : (
        <>
          <p role="status" className="mb-4 text-muted text-sm tabular">
            {showing(items.length, total)}
          </p>
          <ul className={cn(gridClassName, list.isPlaceholderData && 'opacity-60 transition-opacity')}>
            {items.slice(0, drawn).map((item) => (
              // Cards below the fold are laid out and painted only as they scroll near: on a phone, fifty
              // cards at once held the main thread for over half a second (README, Web speed).
              <li
                key={item.id}
                style={{ contentVisibility: 'auto', containIntrinsicSize: `auto none auto ${cardHeight}` }}
              >
                {card(item)}
              </li>
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

/** Cards drawn with a page's answer; the rest follow a batch at a time, each batch its own short task. */
const CARDS_PER_BATCH = 6

/**
 * How many of a page's cards to draw: a first batch (a phone's screen and more), then the next one after
 * each commit, as transitions, until all are there. A page's cards are below the fold but for the first few,
 * and fifty drawn and committed at once were one long task on a phone.
 */
function useDrawnCount(page: ListItemsResponse | undefined, count: number): number {
  const [drawn, setDrawn] = useState({ page, count: CARDS_PER_BATCH })
  const current = drawn.page === page ? drawn.count : CARDS_PER_BATCH
  useEffect(() => {
    if (current >= count) return
    const timer = setTimeout(() => {
      startTransition(() => setDrawn({ page, count: current + CARDS_PER_BATCH }))
    }, 0)
    return () => clearTimeout(timer)
  }, [page, current, count])
  return current
}
