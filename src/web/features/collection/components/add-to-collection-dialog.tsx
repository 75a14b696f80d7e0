import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useCallback, useRef, useState } from 'react'
import type { AddCollectionBody } from '#shared/contract/collections.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
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
  FORM_MESSAGES,
  firstInvalidField,
  hasErrors,
  TOASTS,
  validateEntry,
} from '../collection-form.ts'
import { addCollectionEntry, handledAsUnauthorized } from '../mutations.ts'
import { invalidateCollection, useConditions } from '../queries.ts'
import { useFormState } from '../use-form-state.ts'
import { EntryFields, focusField } from './entry-fields.tsx'

/** The item variant A adds: what the item page has at hand. */
export interface AddToCollectionItem {
  id: number
  type: 'set' | 'minifig'
  number: string
  name: string
  imageUrl: string | null
  originalMsrp: string | null
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
  const queryClient = useQueryClient()
  const { currency, currencyInfo, formatAmount } = useCurrency()
  const conditions = useConditions(item.type, open)
  const formRef = useRef<HTMLFormElement>(null)
  const [serverError, setServerError] = useState<string | undefined>(undefined)

  const validate = useCallback(
    (values: EntryFormValues, badInputs: ReadonlySet<string>) =>
      validateEntry(values, {
        conditions: conditions.data ?? [],
        badInputs,
        missingCondition: FORM_MESSAGES.required,
      }),
    [conditions.data],
  )
  const form = useFormState<EntryFormValues>(EMPTY_ENTRY, validate)

  const add = useMutation({
    mutationFn: (body: AddCollectionBody) => addCollectionEntry(body),
    onSuccess: async () => {
      toast({ ...TOASTS.addedA, variant: 'success' })
      form.reset()
      setServerError(undefined)
      onOpenChange(false)
      await invalidateCollection(queryClient)
    },
    onError: (error) => {
      console.error(error)
      if (handledAsUnauthorized(error)) return
      toast({ ...TOASTS.addFailedA, variant: 'destructive' })
      setServerError(serverMessage(error, ''))
    },
  })

  const close = (next: boolean) => {
    if (!next) {
      form.reset()
      setServerError(undefined)
    }
    onOpenChange(next)
  }

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

  const retail =
    item.type === 'set' && item.originalMsrp ? `Retail: ${formatAmount(item.originalMsrp)}` : null

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      busy={add.isPending}
      title="Add to Collection"
      description="Track this item with its condition and what you paid."
    >
      <div className="flex items-center gap-4 rounded-xl border border-line bg-canvas p-3">
        <ItemImage fallback="icon" item={item} alt={item.name} className="size-16" />
        <div className="min-w-0">
          <p className="font-mono text-brick-yellow text-xs tabular">{item.number}</p>
          <p className="font-semibold text-fg leading-snug">{item.name}</p>
          {retail ? <p className="mt-0.5 text-muted text-sm tabular">{retail}</p> : null}
        </div>
      </div>
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-label="Add to Collection"
        className="mt-5 grid gap-5"
      >
        <EntryFields
          values={form.values}
          errors={form.errors}
          conditions={conditions.data}
          conditionsLoading={conditions.isPending}
          currencySymbol={currencyInfo.symbol}
          priceLabel="Cost Basis (per item)"
          priceHint={COST_HINT}
          disabled={add.isPending}
          onChange={(field, value) => form.setField(field, value)}
          onBadInput={form.setBadInput}
        />
        {serverError ? <FormError>{serverError}</FormError> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={() => close(false)}
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
    </Dialog>
  )
}
