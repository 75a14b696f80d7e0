import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useCallback, useRef, useState } from 'react'
import type { SearchResult } from '#shared/contract/catalogue.ts'
import type { AddCollectionBody } from '#shared/contract/collections.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { FormError } from '#web/components/ui/form-field.tsx'
import { ItemImage } from '#web/components/ui/item-image.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import {
  addEntryBody,
  COST_HINT,
  EMPTY_ENTRY,
  ENTRY_FIELD_ORDER,
  type EntryFormValues,
  firstInvalidField,
  hasErrors,
  TOASTS,
  validateEntry,
} from '../collection-form.ts'
import { addCollectionEntry, handledAsUnauthorized } from '../mutations.ts'
import { invalidateCollection, useConditions } from '../queries.ts'
import { useFormState } from '../use-form-state.ts'
import { EntryFields, focusField } from './entry-fields.tsx'

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
  const queryClient = useQueryClient()
  const { currency, currencyInfo, formatAmount } = useCurrency()
  const conditions = useConditions(item.type)
  const formRef = useRef<HTMLFormElement>(null)
  const [serverError, setServerError] = useState<string | undefined>(undefined)
  const validate = useCallback(
    (values: EntryFormValues, badInputs: ReadonlySet<string>) =>
      validateEntry(values, { conditions: conditions.data ?? [], badInputs }),
    [conditions.data],
  )
  const form = useFormState<EntryFormValues>(initialValues ?? EMPTY_ENTRY, validate)

  const add = useMutation({
    mutationFn: (body: AddCollectionBody) => addCollectionEntry(body),
    onMutate: () => onPendingChange(true),
    onSettled: () => onPendingChange(false),
    onSuccess: async () => {
      toast({ ...TOASTS.addedB, variant: 'success' })
      onAdded()
      await invalidateCollection(queryClient)
    },
    onError: (error) => {
      console.error(error)
      if (handledAsUnauthorized(error)) return
      toast({ ...TOASTS.addFailedB, variant: 'destructive' })
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
    setServerError(undefined)
    add.mutate(addEntryBody(form.values, { itemId: item.id, conditions: conditions.data ?? [], currency }))
  }

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
      <form ref={formRef} noValidate onSubmit={submit} aria-label="Item details" className="grid gap-5">
        <EntryFields
          values={form.values}
          errors={form.errors}
          conditions={conditions.data}
          conditionsLoading={conditions.isPending}
          currencySymbol={currencyInfo.symbol}
          priceLabel="Price Paid (per item)"
          priceHint={COST_HINT}
          disabled={add.isPending}
          onChange={(field, value) => form.setField(field, value)}
          onBadInput={form.setBadInput}
        />
        {serverError ? <FormError>{serverError}</FormError> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onCancel}
            disabled={add.isPending}
            className={buttonClasses('secondary', 'md')}
          >
            Cancel
          </button>
          <button type="submit" disabled={add.isPending} className={buttonClasses('primary', 'md')}>
            {add.isPending ? 'Adding...' : 'Add to Collection'}
          </button>
        </div>
      </form>
    </div>
  )
}
