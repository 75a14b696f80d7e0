import { useState } from 'react'
import type { SearchResult } from '#shared/contract/catalogue.ts'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { addEntryBody, EMPTY_ENTRY, type EntryFormValues } from '../collection-form.ts'
import { TOASTS } from '../collection-toasts.ts'
import { COST_HINT } from '../entry-field-texts.ts'
import { useAddCollectionEntry } from '../mutations.ts'
import { EntryForm } from './entry-form.tsx'

export type PickedItem = Pick<
  SearchResult,
  'id' | 'type' | 'number' | 'name' | 'theme' | 'year' | 'imageUrl' | 'originalMsrp'
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
  const { currency, currencyInfo, formatAmount } = useCurrency()
  const [serverError, setServerError] = useState<string | undefined>(undefined)
  const add = useAddCollectionEntry()

  return (
    <div className="grid gap-5">
      <div className="flex items-center gap-4 rounded-xl border border-line bg-canvas p-3">
        <ItemImage fallback="icon" item={item} alt={item.name} className="size-16" />
        <div className="min-w-0">
          <p className="font-mono text-brick-yellow text-xs tabular">{item.number}</p>
          <p className="font-semibold text-fg leading-snug">{item.name}</p>
          <p className="mt-0.5 text-muted text-sm">
            {item.theme}
            {item.year ? ` · ${item.year}` : ''}
            {item.type === 'set' && item.originalMsrp ? ` · Retail: ${formatAmount(item.originalMsrp)}` : ''}
          </p>
        </div>
      </div>
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
        serverError={serverError}
        onCancel={onCancel}
        onSubmit={(values, conditions) => {
          setServerError(undefined)
          onPendingChange(true)
          add.mutate(addEntryBody(values, { itemId: item.id, conditions, currency }), {
            onSettled: () => onPendingChange(false),
            onSuccess: () => {
              toast({ ...TOASTS.addedB, variant: 'success' })
              onAdded()
            },
            onError: (error) => {
              console.error(error)
              toast({ ...TOASTS.addFailedB, variant: 'destructive' })
              setServerError(serverMessage(error, ''))
            },
          })
        }}
      />
    </div>
  )
}
