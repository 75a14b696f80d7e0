import type { ItemWriteBody } from '#shared/contract/catalogue.ts'
import type { ItemRequest } from '#shared/contract/moderation.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { emptyItemFormValues, ItemForm, type ItemFormValues } from '#web/features/items/index.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'

export interface ApproveRequestDialogProps {
  request: ItemRequest | null
  onOpenChange: (open: boolean) => void
  pending: boolean
  onSubmit: (request: ItemRequest, body: ItemWriteBody) => void
}

/** What the member sent, in the add-item form's boxes: the moderator completes and checks it. */
export function requestFormValues(request: ItemRequest): ItemFormValues {
  return {
    ...emptyItemFormValues(request.type),
    name: request.name ?? '',
    number: request.code ?? '',
    theme: request.theme ?? '',
    year: request.year === null ? '' : String(request.year),
    imageUrl: request.imageUrl ?? '',
  }
}

/**
 * Approves a request by adding its item: the Add Item form (same fields, same checks as POST /api/items),
 * filled in from the request. The retail price, if any, is in the moderator's display currency.
 */
export function ApproveRequestDialog({
  request,
  onOpenChange,
  pending,
  onSubmit,
}: ApproveRequestDialogProps) {
  const { currency } = useCurrency()
  return (
    <Dialog
      open={request !== null}
      onOpenChange={onOpenChange}
      title="Add to the catalogue"
      description="Check what the member sent and complete it; the item is added when you approve."
      busy={pending}
      size="lg"
    >
      {request ? (
        <ItemForm
          // A fresh form per request.
          key={request.id}
          mode="create"
          label="Approve item request"
          defaultValues={requestFormValues(request)}
          chooseType
          currency={currency}
          submitLabel="Approve and add"
          pendingLabel="Adding..."
          pending={pending}
          onCancel={() => onOpenChange(false)}
          onSubmit={(body) => onSubmit(request, body)}
        />
      ) : null}
    </Dialog>
  )
}
