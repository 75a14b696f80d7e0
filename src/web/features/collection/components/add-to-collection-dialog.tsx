import type { RetailPrice } from '#shared/contract/catalogue.ts'
import type { ItemType } from '#shared/contract/values.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { retailLine, useRetailText } from '#web/features/catalogue/index.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { useFormFailure } from '#web/lib/use-form-failure.ts'
import { addEntryBody, EMPTY_ENTRY, FORM_MESSAGES } from '../collection-form.ts'
import { TOASTS } from '../collection-toasts.ts'
import { COST_HINT } from '../entry-field-texts.ts'
import { useAddCollectionEntry } from '../mutations.ts'
import { EntryForm } from './entry-form.tsx'
import { EntryItemSummary } from './entry-item-summary.tsx'

/** The item variant A adds: what the item page has at hand. */
export interface AddToCollectionItem {
  id: number
  type: ItemType
  number: string
  name: string
  imageUrl: string | null
  originalMsrp: string | null
  retailPrices?: RetailPrice[]
}

export interface AddToCollectionDialogProps {
  /** Nothing renders without an item (spec 01 §2). */
  item: AddToCollectionItem | null | undefined
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * Add to Collection, variant A (spec 01 §2, §4, §5, §8): opened for one item, e.g. from its page.
 * Condition, quantity, cost per item in the display currency and purchase date; the condition goes to
 * the server by its label. Success toasts, resets and closes; failure toasts and stays open.
 */
export function AddToCollectionDialog({ item, open, onOpenChange }: AddToCollectionDialogProps) {
  if (!item) return null
  return <AddToCollectionForm key={item.id} item={item} open={open} onOpenChange={onOpenChange} />
}

function AddToCollectionForm({
  item,
  open,
  onOpenChange,
}: AddToCollectionDialogProps & { item: AddToCollectionItem }) {
  const { currency, currencyInfo } = useCurrency()
  const failure = useFormFailure()
  const add = useAddCollectionEntry()

  // The form lives in the dialog's content: each opening starts with the defaults.
  const close = (next: boolean) => {
    if (!next) failure.clear()
    onOpenChange(next)
  }

  const retail = useRetailText(item, 'short')

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      busy={add.isPending}
      title="Add to Collection"
      description="Track this item with its condition and what you paid."
    >
      <EntryItemSummary item={item} detail={item.type === 'set' ? retailLine(retail) : null} />
      <div className="mt-5">
        <EntryForm
          label="Add to Collection"
          itemType={item.type}
          defaultValues={EMPTY_ENTRY}
          missingCondition={FORM_MESSAGES.required}
          currencySymbol={currencyInfo.symbol}
          priceLabel="Cost Basis (per item)"
          priceHint={COST_HINT}
          submitLabel="Add to Collection"
          pendingLabel="Adding..."
          pending={add.isPending}
          serverError={failure.serverError}
          onCancel={() => close(false)}
          onSubmit={(values, conditions) => {
            failure.clear()
            add.mutate(addEntryBody(values, { itemId: item.id, conditions, currency }), {
              onSuccess: () => {
                toast({ ...TOASTS.addedA, variant: 'success' })
                close(false)
              },
              onError: failure.fail(TOASTS.addFailedA),
            })
          }}
        />
      </div>
    </Dialog>
  )
}
