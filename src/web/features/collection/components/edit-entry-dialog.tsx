import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useCallback, useRef, useState } from 'react'
import type { CollectionEntry, UpdateCollectionBody } from '#shared/contract/collections.ts'
import { currencyOf } from '#shared/money.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { FormError } from '#web/components/ui/form-field.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import {
  ENTRY_FIELD_ORDER,
  type EntryFormValues,
  entryFormValues,
  entryPriceCurrency,
  firstInvalidField,
  hasErrors,
  TOASTS,
  updateEntryBody,
  validateEntry,
} from '../collection-form.ts'
import { handledAsUnauthorized, updateCollectionEntry } from '../mutations.ts'
import { invalidateCollection, useConditions } from '../queries.ts'
import { useFormState } from '../use-form-state.ts'
import { EntryFields, focusField } from './entry-fields.tsx'

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
  const queryClient = useQueryClient()
  const { currency: displayCurrency } = useCurrency()
  const conditions = useConditions(entry.item.type)
  const formRef = useRef<HTMLFormElement>(null)
  const [serverError, setServerError] = useState<string | undefined>(undefined)
  const priceCurrency = entryPriceCurrency(entry)
  const validate = useCallback(
    (values: EntryFormValues, badInputs: ReadonlySet<string>) =>
      validateEntry(values, { conditions: conditions.data ?? [], badInputs }),
    [conditions.data],
  )
  const form = useFormState<EntryFormValues>(entryFormValues(entry), validate)

  const save = useMutation({
    mutationFn: (body: UpdateCollectionBody) => updateCollectionEntry(entry.id, body),
    onSuccess: async () => {
      toast({ ...TOASTS.updated, variant: 'success' })
      onClose()
      await invalidateCollection(queryClient)
    },
    onError: (error) => {
      console.error(error)
      if (handledAsUnauthorized(error)) return
      toast({ ...TOASTS.updateFailed, variant: 'destructive' })
      setServerError(serverMessage(error, ''))
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const errors = form.check()
    if (hasErrors(errors)) {
      focusField(formRef.current, firstInvalidField(errors, ENTRY_FIELD_ORDER))
      return
    }
    const body = updateEntryBody(entry, form.values, conditions.data ?? [])
    if (!body) {
      onClose()
      return
    }
    setServerError(undefined)
    save.mutate(body)
  }

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
      <div className="flex items-center gap-4 rounded-xl border border-line bg-canvas p-3">
        <ItemImage fallback="icon" item={entry.item} alt={entry.item.name} className="size-14" />
        <div className="min-w-0">
          <p className="font-mono text-brick-yellow text-xs tabular">{entry.item.number}</p>
          <p className="font-semibold text-fg leading-snug">{entry.item.name}</p>
        </div>
      </div>
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-label="Edit collection item"
        className="mt-5 grid gap-5"
      >
        <EntryFields
          values={form.values}
          errors={form.errors}
          conditions={conditions.data}
          conditionsLoading={conditions.isPending}
          currencySymbol={currencyOf(priceCurrency).symbol}
          priceLabel="Cost per item"
          priceNote={
            priceCurrency === displayCurrency
              ? undefined
              : `In ${priceCurrency}, the currency it was entered in.`
          }
          disabled={save.isPending}
          onChange={(field, value) => form.setField(field, value)}
          onBadInput={form.setBadInput}
        />
        {serverError ? <FormError>{serverError}</FormError> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onClose}
            disabled={save.isPending}
            className={buttonClasses('secondary', 'md')}
          >
            Cancel
          </button>
          <button type="submit" disabled={save.isPending} className={buttonClasses('primary', 'md')}>
            {save.isPending ? 'Saving...' : 'Save changes'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
