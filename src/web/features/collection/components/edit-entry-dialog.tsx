import { useState } from 'react'
import type { CollectionEntry } from '#shared/contract/collections.ts'
import { currencyOf } from '#shared/money.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { useFormFailure } from '#web/lib/use-form-failure.ts'
import { entryFormValues, entryPriceCurrency, updateEntryBody } from '../collection-form.ts'
import { TOASTS } from '../collection-toasts.ts'
import { useUpdateCollectionEntry } from '../mutations.ts'
import { EntryForm } from './entry-form.tsx'
import { EntryItemSummary } from './entry-item-summary.tsx'

/** An entry imported without a price paid: it stays unknown (out of P&L) unless a price is typed. */
const UNKNOWN_PRICE_NOTE = 'Not known yet, so left out of P&L. Leave it empty to keep it that way.'

interface EditEntryDialogProps {
  /** The entry being edited; null when the dialog is closed. */
  entry: CollectionEntry | null
  onClose: () => void
}

/**
 * Edits one entry: condition, quantity, cost per item and purchase date. Only what changed is sent.
 * The cost is shown and saved in the currency it was entered in, so an untouched price never drifts
 * through a round trip of conversions.
 */
export function EditEntryDialog({ entry, onClose }: EditEntryDialogProps) {
  if (!entry) return null
  return <EditEntryForm key={entry.id} entry={entry} onClose={onClose} />
}

function EditEntryForm({ entry, onClose }: { entry: CollectionEntry; onClose: () => void }) {
  const { currency: displayCurrency } = useCurrency()
  const failure = useFormFailure()
  const [defaultValues] = useState(() => entryFormValues(entry))
  const priceCurrency = entryPriceCurrency(entry, displayCurrency)
  const save = useUpdateCollectionEntry(entry.id)

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      busy={save.isPending}
      title="Edit collection item"
      description="Change its condition, quantity, cost or purchase date."
    >
      <EntryItemSummary item={entry.item} imageClassName="size-14" />
      <div className="mt-5">
        <EntryForm
          label="Edit collection item"
          itemType={entry.item.type}
          defaultValues={defaultValues}
          currencySymbol={currencyOf(priceCurrency).symbol}
          priceLabel="Cost per item"
          priceNote={
            entry.pricePaid === null
              ? UNKNOWN_PRICE_NOTE
              : priceCurrency === displayCurrency
                ? undefined
                : `In ${priceCurrency}, the currency it was entered in.`
          }
          submitLabel="Save changes"
          pendingLabel="Saving..."
          pending={save.isPending}
          serverError={failure.serverError}
          onCancel={onClose}
          onSubmit={(values, conditions) => {
            const body = updateEntryBody(entry, values, conditions, displayCurrency)
            if (!body) {
              onClose()
              return
            }
            failure.clear()
            save.mutate(body, {
              onSuccess: () => {
                toast({ ...TOASTS.updated, variant: 'success' })
                onClose()
              },
              onError: failure.fail(TOASTS.updateFailed),
            })
          }}
        />
      </div>
    </Dialog>
  )
}
