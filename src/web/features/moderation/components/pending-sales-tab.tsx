import { useInfiniteQuery } from '@tanstack/react-query'
import { ReceiptText } from 'lucide-react'
import { useRef, useState } from 'react'
import type { ReviewSale } from '#shared/contract/moderation.ts'
import { EmptyList, ListError, ListSkeleton, LoadMore } from '#web/components/ui/list-states.tsx'
import { useToast } from '#web/components/ui/use-toast.ts'
import { serverMessage } from '#web/lib/api.ts'
import { MODERATION_TEXTS } from '../moderation-texts.ts'
import { useRejectSale, useVerifySale } from '../mutations.ts'
import { moderationQueries } from '../queries.ts'
import { LazyReasonDialog } from './lazy-dialogs.tsx'
import { ReviewSaleCard } from './review-sale-card.tsx'

/**
 * The sales members recorded that wait for a moderator, the oldest first: each verified (it counts
 * toward the fair price) or rejected with a reason its submitter sees. A reviewed sale leaves the list;
 * focus moves to the list's heading, so a keyboard user carries on from there.
 */
export function PendingSalesTab() {
  const sales = useInfiniteQuery(moderationQueries.pendingSales())
  const pages = sales.data?.pages ?? []
  const rows = pages.flatMap((page) => page.sales)
  const total = pages.at(-1)?.total ?? 0
  const verify = useVerifySale()
  const reject = useRejectSale()
  const { toast } = useToast()
  const [rejecting, setRejecting] = useState<ReviewSale | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const label = (sale: ReviewSale) => `${sale.item.number} - ${sale.item.name}`

  const onVerify = (sale: ReviewSale) =>
    verify.mutate(sale.id, {
      onSuccess: () => {
        heading.current?.focus()
        toast({
          title: MODERATION_TEXTS.verified.title,
          description: `${label(sale)} counts toward its fair price now.`,
          variant: 'success',
        })
      },
      onError: (error) =>
        toast({
          title: MODERATION_TEXTS.verified.failure,
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    })

  const onReject = (reason: string) => {
    if (!rejecting) return
    reject.mutate(
      { id: rejecting.id, reason },
      {
        onSuccess: () => {
          setRejecting(null)
          heading.current?.focus()
          toast({ ...MODERATION_TEXTS.rejected, variant: 'success' })
        },
        onError: (error) =>
          toast({
            title: MODERATION_TEXTS.rejected.failure,
            description: serverMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <section aria-labelledby="pending-sales-heading" className="grid gap-4">
      <div>
        <h2 id="pending-sales-heading" ref={heading} tabIndex={-1} className="font-bold text-lg outline-none">
          Pending sales
        </h2>
        <p className="text-muted text-sm" aria-live="polite">
          {sales.isSuccess
            ? total === 0
              ? 'Nothing waiting.'
              : `${total} waiting for review, the oldest first.`
            : 'Loading…'}
        </p>
      </div>
      {sales.isPending ? (
        <ListSkeleton />
      ) : sales.isError ? (
        <ListError
          text="The sales waiting for review could not be loaded."
          onRetry={() => void sales.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyList icon={ReceiptText} title="No sales waiting for review">
          Sales recorded by members who are not trusted yet wait here until a moderator verifies or rejects
          them. Trusted members' and admins' own sales are verified as they are recorded.
        </EmptyList>
      ) : (
        <>
          <ul aria-label="Sales waiting for review" className="grid gap-3">
            {rows.map((sale) => (
              <ReviewSaleCard
                key={sale.id}
                sale={sale}
                verifying={verify.isPending && verify.variables === sale.id}
                onVerify={onVerify}
                onReject={setRejecting}
              />
            ))}
          </ul>
          <LoadMore
            shown={rows.length}
            total={total}
            hasMore={sales.hasNextPage}
            loading={sales.isFetchingNextPage}
            onLoad={() => void sales.fetchNextPage()}
          />
        </>
      )}
      <LazyReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null)
        }}
        title="Reject sale"
        description={rejecting ? `${label(rejecting)}, ${rejecting.condition.label}` : ''}
        hint="The member who recorded the sale sees this reason with it."
        submitLabel="Reject sale"
        pendingLabel="Rejecting..."
        pending={reject.isPending}
        onSubmit={onReject}
      />
    </section>
  )
}
