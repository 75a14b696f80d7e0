import { CircleX, PackagePlus } from 'lucide-react'
import { useId } from 'react'
import type { ItemRequest } from '#shared/contract/moderation.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { itemTypeLabel } from '#web/lib/labels.ts'
import { personText } from '../moderation-texts.ts'
import { Fact, Facts, Provenance } from './facts.tsx'
import { preloadReasonDialog } from './lazy-dialogs.tsx'

interface ItemRequestCardProps {
  request: ItemRequest
  onApprove: (request: ItemRequest) => void
  onReject: (request: ItemRequest) => void
}

/** A request to add a number to the catalogue: what the member knew of it, who asked and when. */
export function ItemRequestCard({ request, onApprove, onReject }: ItemRequestCardProps) {
  const titleId = useId()
  const code = request.code ?? '(no number)'
  return (
    <Card as="li" aria-labelledby={titleId} data-testid="item-request" className="p-4 sm:p-5">
      <div className="flex items-start gap-3 sm:gap-4">
        <ItemImage
          fallback="icon"
          item={{ type: request.type, number: request.code, imageUrl: request.imageUrl }}
          alt={itemTypeLabel(request.type)}
          className="size-14 sm:size-16"
        />
        <div className="min-w-0 flex-1">
          <p id={titleId} className="font-semibold text-fg leading-snug">
            <span className="font-mono">{code}</span>
            {' - '}
            {request.name ?? <span className="font-normal text-muted italic">no name given</span>}
          </p>
          <Facts className="mt-3">
            <Fact label="Type">{itemTypeLabel(request.type)}</Fact>
            <Fact label="Theme">{request.theme ?? <span className="text-subtle">Not given</span>}</Fact>
            <Fact label="Year">{request.year ?? <span className="text-subtle">Not given</span>}</Fact>
            <Fact label="From">
              {request.origin === 'import' ? 'An import' : (request.origin ?? 'By hand')}
            </Fact>
          </Facts>
          <Provenance verb="Asked for by" who={personText(request.submitter)} at={request.createdAt} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2 border-line border-t pt-4">
        <button
          type="button"
          onPointerEnter={preloadReasonDialog}
          onFocus={preloadReasonDialog}
          onClick={() => onReject(request)}
          aria-describedby={titleId}
          className={buttonClasses('danger-outline', 'sm')}
        >
          <CircleX aria-hidden="true" />
          Reject
        </button>
        <button
          type="button"
          onClick={() => onApprove(request)}
          aria-describedby={titleId}
          className={buttonClasses('primary', 'sm')}
        >
          <PackagePlus aria-hidden="true" />
          Approve…
        </button>
      </div>
    </Card>
  )
}
