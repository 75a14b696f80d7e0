import type { SearchResult } from '#shared/contract/catalogue.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { retailLine, useRetailText } from '#web/features/catalogue/index.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { useFormFailure } from '#web/lib/use-form-failure.ts'
import { addEntryBody, EMPTY_ENTRY, type EntryFormValues } from '../collection-form.ts'
import { TOASTS } from '../collection-toasts.ts'
import { COST_HINT } from '../entry-field-texts.ts'
import { useAddCollectionEntry } from '../mutations.ts'
import { EntryForm } from './entry-form.tsx'
import { EntryItemSummary } from './entry-item-summary.tsx'

export type PickedItem = Pick<
  SearchResult,
  'id' | 'type' | 'number' | 'name' | 'theme' | 'year' | 'imageUrl' | 'originalMsrp' | 'retailPrices'
>

interface AddFlowDetailsProps {
  item: PickedItem
  /** Values carried over, e.g. from the create mode when adding the new item failed. */
  initialValues?: EntryFormValues
  onAdded: () => void
  onCancel: () => void
  onPendingChange: (pending: boolean) => void
}

/** Variant B's details mode: condition, quantity, price paid and purchase date for the picked item. */
export function AddFlowDetails({
  item,
  initialValues,
  onAdded,
  onCancel,
  onPendingChange,
}: AddFlowDetailsProps) {
  const { currency, currencyInfo } = useCurrency()
  const failure = useFormFailure()
  const retail = useRetailText(item, 'short')
  const add = useAddCollectionEntry()

  return (
    <div className="grid gap-5">
      <EntryItemSummary
        item={item}
        detail={[item.theme, item.year, item.type === 'set' ? retailLine(retail) : null]
          .filter(Boolean)
          .join(' · ')}
      />
      <EntryForm
        label="Item details"
        itemType={item.type}
        defaultValues={initialValues ?? EMPTY_ENTRY}
        currencySymbol={currencyInfo.symbol}
        priceLabel="Price Paid (per item)"
        priceHint={COST_HINT}
        submitLabel="Add to Collection"
        pendingLabel="Adding..."
        pending={add.isPending}
        serverError={failure.serverError}
        onCancel={onCancel}
        onSubmit={(values, conditions) => {
          failure.clear()
          onPendingChange(true)
          add.mutate(addEntryBody(values, { itemId: item.id, conditions, currency }), {
            onSettled: () => onPendingChange(false),
            onSuccess: () => {
              toast({ ...TOASTS.addedB, variant: 'success' })
              onAdded()
            },
            onError: failure.fail(TOASTS.addFailedB),
          })
        }}
      />
    </div>
  )
}
