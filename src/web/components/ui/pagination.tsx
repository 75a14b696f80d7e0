import { ChevronLeft, ChevronRight } from 'lucide-react'
import { cn } from '#web/lib/cn.ts'
import { paginationSlots } from './paging.ts'

interface PaginationProps {
  page: number
  totalPages: number
  onPageChange: (page: number) => void
  /** The navigation's accessible name, e.g. 'Collection pages'. */
  label: string
  className?: string
}

const slotClasses =
  'inline-flex h-9 min-w-8 items-center justify-center rounded-lg px-2 font-medium text-sm tabular transition-colors sm:min-w-9'

/**
 * Numbered pages with Previous and Next: the first and last page, the current one with its
 * neighbours, and ellipses for the rest. Hidden when everything fits on one page.
 */
export function Pagination({ page, totalPages, onPageChange, label, className }: PaginationProps) {
  const slots = paginationSlots(page, totalPages)
  if (slots.length === 0) return null
  const edge = cn(
    slotClasses,
    'gap-1 border border-line-strong bg-raised text-fg hover:border-muted disabled:pointer-events-none disabled:opacity-40',
  )
  return (
    <nav
      aria-label={label}
      className={cn('flex flex-wrap items-center justify-center gap-1 sm:gap-1.5', className)}
    >
      <button type="button" className={edge} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        <span className="sr-only sm:not-sr-only">Previous</span>
      </button>
      <ul className="flex items-center gap-1 sm:gap-1.5">
        {slots.map((slot) =>
          typeof slot === 'number' ? (
            <li key={slot}>
              <button
                type="button"
                aria-label={`Page ${slot}`}
                aria-current={slot === page ? 'page' : undefined}
                onClick={() => onPageChange(slot)}
                className={cn(
                  slotClasses,
                  slot === page
                    ? 'bg-brick-yellow text-neutral-950'
                    : 'text-muted hover:bg-raised hover:text-fg',
                )}
              >
                {slot}
              </button>
            </li>
          ) : (
            <li key={slot} aria-hidden="true" className={cn(slotClasses, 'min-w-6 px-0 text-subtle')}>
              …
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={edge}
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        <span className="sr-only sm:not-sr-only">Next</span>
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  )
}
