import { FormProvider, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { ItemWriteBody } from '#shared/contract/catalogue.ts'
import { type CurrencyCode, currencyOf } from '#shared/money.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { ItemFields } from '#web/features/item-editor/index.ts'
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts'
import { type ItemFormValues, itemWriteBody } from '../item-form.ts'
import type { itemFormSchema } from '../item-form-schema.ts'

interface ItemFormProps {
  mode: 'create' | 'edit'
  defaultValues: ItemFormValues
  /** Offer a choice of type (only when adding without a type in the query). */
  chooseType: boolean
  /** The currency the retail price is typed in: the display currency. */
  currency: CurrencyCode
  submitLabel: string
  pendingLabel: string
  pending: boolean
  onSubmit: (body: ItemWriteBody) => void
  onCancel: () => void
  /** The form's accessible name. */
  label: string
}

/**
 * The add and edit item form (spec 02 §2, §5): validated on change by the shared contract, sent with
 * trimmed text, numbers and nulls. Pieces, minifigures and retail price are for sets only.
 */
const resolver = lazyZodResolver(() =>
  import('../item-form-schema.ts').then((module) => module.itemFormSchema()),
)

export function ItemForm({
  mode,
  defaultValues,
  chooseType,
  currency,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
  label,
}: ItemFormProps) {
  const form = useForm<ItemFormValues, unknown, z.output<ReturnType<typeof itemFormSchema>>>({
    resolver,
    mode: 'onChange',
    defaultValues,
  })

  const submit = form.handleSubmit(() => {
    onSubmit(
      itemWriteBody(form.getValues(), {
        currency,
        mode,
        msrpChanged: Boolean(form.formState.dirtyFields.originalMsrp),
      }),
    )
  })

  return (
    <FormProvider {...form}>
      <form noValidate aria-label={label} onSubmit={submit} className="grid gap-5">
        <ItemFields
          wording="catalogue"
          chooseType={chooseType}
          retailPriceSymbol={currencyOf(currency).symbol}
        />
        <div className="mt-2 flex flex-col-reverse gap-3 border-line border-t pt-5 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} className={buttonClasses('secondary', 'md')}>
            Cancel
          </button>
          <button type="submit" disabled={pending} className={buttonClasses('primary', 'md')}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </FormProvider>
  )
}
