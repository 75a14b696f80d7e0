import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useRef, useState } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { FormError } from '#web/components/ui/form-field.tsx'
import { focusField } from '#web/components/ui/form-fields.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { useConditions } from '#web/features/catalogue/index.ts'
import { ItemFields } from '#web/features/item-editor/index.ts'
import { ApiError, serverError, serverMessage } from '#web/lib/api.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import {
  addEntryBody,
  CREATE_FIELD_ORDER,
  type CreateFormValues,
  createFormSchema,
  createItemBody,
  createPrefill,
  type EntryFormValues,
  emptyCreateValues,
  firstInvalidField,
  serverFieldErrors,
} from '../collection-form.ts'
import { TOASTS } from '../collection-toasts.ts'
import { COST_HINT } from '../entry-field-texts.ts'
import { AddAfterCreateError, useCreateItemAndAdd } from '../mutations.ts'
import { EntryFields } from './entry-fields.tsx'
import { FormButtons } from './entry-form.tsx'

interface AddFlowCreateProps {
  /** What was searched for: the new item's name or number. */
  query: string
  onCreated: () => void
  /** The item exists now, but adding it failed: go on with it in the details mode. */
  onCreatedNotAdded: (item: ItemDetail, values: EntryFormValues) => void
  onCancel: () => void
  onPendingChange: (pending: boolean) => void
}

const entryValues = ({
  conditionId,
  quantity,
  pricePaid,
  purchaseDate,
}: CreateFormValues): EntryFormValues => ({
  conditionId,
  quantity,
  pricePaid,
  purchaseDate,
})

/**
 * Variant B's create mode (spec 01 §2, §5, §8): the new item's catalogue facts and the entry; submit
 * creates the item (POST /api/items), then adds it (POST /api/collections).
 */
export function AddFlowCreate({
  query,
  onCreated,
  onCreatedNotAdded,
  onCancel,
  onPendingChange,
}: AddFlowCreateProps) {
  const { currency, currencyInfo } = useCurrency()
  const formRef = useRef<HTMLFormElement>(null)
  const [defaultValues] = useState(() => emptyCreateValues('set', createPrefill(query)))
  const [conditionsType, setConditionsType] = useState(defaultValues.type)
  const conditions = useConditions(conditionsType)
  const schema = useMemo(() => createFormSchema({ conditions: conditions.data ?? [] }), [conditions.data])
  const form = useForm<CreateFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: false,
  })
  const type = useWatch({ control: form.control, name: 'type' })
  if (type !== conditionsType) setConditionsType(type)
  const [formError, setFormError] = useState<string | undefined>(undefined)
  const create = useCreateItemAndAdd()

  const submit = form.handleSubmit(
    () => {
      const values = form.getValues()
      setFormError(undefined)
      onPendingChange(true)
      create.mutate(
        {
          item: createItemBody(values),
          entry: (itemId) => addEntryBody(values, { itemId, conditions: conditions.data ?? [], currency }),
        },
        {
          onSettled: () => onPendingChange(false),
          onSuccess: () => {
            toast({ ...TOASTS.created, variant: 'success' })
            onCreated()
          },
          onError: (error) => {
            console.error(error)
            if (error instanceof AddAfterCreateError) {
              toast({ ...TOASTS.addFailedB, variant: 'destructive' })
              onCreatedNotAdded(error.item, entryValues(values))
              return
            }
            const message = serverMessage(error, TOASTS.createFailed)
            toast({ title: 'Error', description: message, variant: 'destructive' })
            const fields = error instanceof ApiError ? serverFieldErrors(error.body) : {}
            if (serverError(error)?.code === 'CONFLICT') fields.number ??= message
            for (const field of CREATE_FIELD_ORDER) {
              const fieldMessage = fields[field]
              if (fieldMessage) form.setError(field, { type: 'server', message: fieldMessage })
            }
            setFormError(message)
          },
        },
      )
    },
    (errors) => focusField(formRef.current, firstInvalidField(errors, CREATE_FIELD_ORDER)),
  )

  const pending = create.isPending
  return (
    <FormProvider {...form}>
      <form ref={formRef} noValidate onSubmit={submit} aria-label="Add new item" className="grid gap-5">
        <fieldset disabled={pending} className="contents">
          <ItemFields
            wording="collection"
            chooseType
            // Conditions are per type: a chosen one belongs to the other type's list.
            onTypeChange={() => form.setValue('conditionId', '')}
          />
          <div className="grid gap-4 border-line border-t pt-5">
            <h3 className="font-semibold text-fg text-sm">Your copy</h3>
            <EntryFields
              conditions={conditions.data}
              conditionsLoading={conditions.isPending}
              currencySymbol={currencyInfo.symbol}
              priceLabel="Price Paid (per item)"
              priceHint={COST_HINT}
            />
          </div>
        </fieldset>
        {formError ? <FormError>{formError}</FormError> : null}
        <FormButtons
          submitLabel={pending ? 'Creating...' : 'Create & Add to Collection'}
          pending={pending}
          onCancel={onCancel}
        />
      </form>
    </FormProvider>
  )
}
