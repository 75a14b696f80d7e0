import { useInfiniteQuery } from '@tanstack/react-query'
import { PackageSearch } from 'lucide-react'
import { useRef, useState } from 'react'
import type { ItemWriteBody } from '#shared/contract/catalogue.ts'
import type { ItemRequest } from '#shared/contract/moderation.ts'
import { EmptyList, ListError, ListSkeleton, LoadMore } from '#web/components/ui/list-states.tsx'
import { useToast } from '#web/components/ui/use-toast.ts'
import { serverMessage } from '#web/lib/api.ts'
import { MODERATION_TEXTS } from '../moderation-texts.ts'
import { useApproveItemRequest, useRejectItemRequest } from '../mutations.ts'
import { moderationQueries } from '../queries.ts'
import { ItemRequestCard } from './item-request-card.tsx'
import { LazyApproveRequestDialog, LazyReasonDialog } from './lazy-dialogs.tsx'

/**
 * Numbers members asked to have added (an import's unknown numbers), the oldest first: approved by
 * adding the item, or rejected with a reason.
 */
export function ItemRequestsTab() {
  const requests = useInfiniteQuery(moderationQueries.itemRequests())
  const pages = requests.data?.pages ?? []
  const rows = pages.flatMap((page) => page.requests)
  const total = pages.at(-1)?.total ?? 0
  const approve = useApproveItemRequest()
  const reject = useRejectItemRequest()
  const { toast } = useToast()
  const [approving, setApproving] = useState<ItemRequest | null>(null)
  const [rejecting, setRejecting] = useState<ItemRequest | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: serverMessage(error, 'Please try again.'), variant: 'destructive' })

  const onApprove = (request: ItemRequest, body: ItemWriteBody) =>
    approve.mutate(
      { id: request.id, body },
      {
        onSuccess: ({ item }) => {
          setApproving(null)
          heading.current?.focus()
          toast({
            title: MODERATION_TEXTS.requestApproved.title,
            description: `${item.number} - ${item.name} is in the catalogue now.`,
            variant: 'success',
          })
        },
        onError: failed(MODERATION_TEXTS.requestApproved.failure),
      },
    )

  const onReject = (reason: string) => {
    if (!rejecting) return
    reject.mutate(
      { id: rejecting.id, reason },
      {
        onSuccess: () => {
          setRejecting(null)
          heading.current?.focus()
          toast({ title: MODERATION_TEXTS.requestRejected.title, variant: 'success' })
        },
        onError: failed(MODERATION_TEXTS.requestRejected.failure),
      },
    )
  }

  return (
    <section aria-labelledby="item-requests-heading" className="grid gap-4">
      <div>
        <h2 id="item-requests-heading" ref={heading} tabIndex={-1} className="font-bold text-lg outline-none">
          Item requests
        </h2>
        <p className="text-muted text-sm" aria-live="polite">
          {requests.isSuccess
            ? total === 0
              ? 'Nothing waiting.'
              : `${total} waiting, the oldest first.`
            : 'Loading…'}
        </p>
      </div>
      {requests.isPending ? (
        <ListSkeleton />
      ) : requests.isError ? (
        <ListError text="The item requests could not be loaded." onRetry={() => void requests.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyList icon={PackageSearch} title="No item requests">
          When a member imports a file with numbers the catalogue does not have, they can ask for them to be
          added. Their requests wait here.
        </EmptyList>
      ) : (
        <>
          <ul aria-label="Item requests" className="grid gap-3">
            {rows.map((request) => (
              <ItemRequestCard
                key={request.id}
                request={request}
                onApprove={setApproving}
                onReject={setRejecting}
              />
            ))}
          </ul>
          <LoadMore
            shown={rows.length}
            total={total}
            hasMore={requests.hasNextPage}
            loading={requests.isFetchingNextPage}
            onLoad={() => void requests.fetchNextPage()}
          />
        </>
      )}
      <LazyApproveRequestDialog
        request={approving}
        onOpenChange={(open) => {
          if (!open) setApproving(null)
        }}
        pending={approve.isPending}
        onSubmit={onApprove}
      />
      <LazyReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null)
        }}
        title="Reject item request"
        description={rejecting ? `${rejecting.code ?? ''} ${rejecting.name ?? ''}`.trim() : ''}
        hint="Say why, e.g. the number it already has in the catalogue."
        submitLabel="Reject request"
        pendingLabel="Rejecting..."
        pending={reject.isPending}
        onSubmit={onReject}
      />
    </section>
  )
}
