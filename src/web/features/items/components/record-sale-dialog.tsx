import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef } from 'react'
import { Controller, FormProvider, useForm } from 'react-hook-form'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import type { RecordSaleData } from '#shared/contract/market.ts'
import { SALE_SOURCES } from '#shared/contract/values.ts'
import { defaultPastDay, todayUtc } from '#shared/dates.ts'
import { CURRENCIES, type CurrencyCode, PRICE_STEP } from '#shared/money.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { DialogActions } from '#web/components/ui/dialog-actions.tsx'
import { Field, inputClasses } from '#web/components/ui/form-field.tsx'
import { TextField } from '#web/components/ui/form-fields.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { useToast } from '#web/components/ui/use-toast.ts'
import { ConditionField } from '#web/features/catalogue/index.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { useRecordSale } from '../market-mutations.ts'
import {
  emptyRecordSaleValues,
  RECORD_SALE_TEXTS,
  type RecordSaleFormValues,
  recordedSaleMessage,
  recordSaleBody,
  recordSaleFormSchema,
} from '../record-sale-form.ts'

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency.code,
  label: currency.code,
  description: currency.name,
}))
const SOURCE_OPTIONS = SALE_SOURCES.map((source) => ({ value: source, label: source }))

interface RecordSaleDialogProps {
  item: ItemDetail
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * Records a sale someone saw (spec 02 §1: 'recording is done by components not shown'; DESIGN §3, §5):
 * the price in the currency it was paid in (the display currency to start with), the condition, the
 * day, where it sold, and optionally an order number and a link to the listing. Checked by the shared
 * contract as you type after a first submit; the server's refusal shows in a toast and the dialog stays.
 */
export function RecordSaleDialog({ item, open, onOpenChange }: RecordSaleDialogProps) {
  const { currency } = useCurrency()
  const { toast } = useToast()
  const record = useRecordSale(item.id)
  const form = useForm<RecordSaleFormValues, unknown, RecordSaleData>({
    resolver: zodResolver(recordSaleFormSchema),
    defaultValues: emptyRecordSaleValues(currency, defaultPastDay()),
  })
  const { errors } = form.formState
  const maxDate = todayUtc()

  // Each opening starts afresh, in the display currency and today's date.
  const currencyRef = useRef(currency)
  currencyRef.current = currency
  useEffect(() => {
    if (open) form.reset(emptyRecordSaleValues(currencyRef.current, defaultPastDay()))
  }, [open, form])

  const submit = form.handleSubmit((_valid, event) => {
    event?.preventDefault()
    record.mutate(recordSaleBody(form.getValues()), {
      onSuccess: (sale) => {
        onOpenChange(false)
        toast({
          title: RECORD_SALE_TEXTS.successTitle,
          description: recordedSaleMessage(sale),
          variant: 'success',
        })
      },
      onError: (error) => {
        toast({
          title: RECORD_SALE_TEXTS.failureTitle,
          description: serverMessage(error, RECORD_SALE_TEXTS.failure),
          variant: 'destructive',
        })
      },
    })
  })

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={RECORD_SALE_TEXTS.title}
      description={`${item.number} - ${item.name}`}
      busy={record.isPending}
    >
      <FormProvider {...form}>
        <form noValidate aria-label={RECORD_SALE_TEXTS.title} onSubmit={submit} className="grid gap-4">
          <Field label="Price" error={errors.price?.message ?? errors.currency?.message}>
            {({ id, describedBy, invalid }) => (
              <div className="flex gap-2">
                <div className="w-28 shrink-0">
                  <Controller
                    control={form.control}
                    name="currency"
                    render={({ field }) => (
                      <Select
                        aria-label="Currency"
                        value={field.value}
                        onValueChange={(value) => field.onChange(value as CurrencyCode)}
                        options={CURRENCY_OPTIONS}
                        invalid={Boolean(errors.currency)}
                        contentClassName="w-56"
                      />
                    )}
                  />
                </div>
                <input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  min={PRICE_STEP}
                  step={PRICE_STEP}
                  placeholder="49.99"
                  autoComplete="off"
                  autoFocus
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  className={`${inputClasses} min-w-0 text-right tabular`}
                  {...form.register('price')}
                />
              </div>
            )}
          </Field>

          <div className="grid gap-4 sm:grid-cols-2">
            <ConditionField itemType={item.type} open={open} />
            <TextField name="saleDate" label="Sale date" type="date" max={maxDate} inputClassName="tabular" />
          </div>

          <SelectField
            name="source"
            label="Source"
            placeholder="Where did it sell?"
            options={SOURCE_OPTIONS}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="sourceRef"
              label="Reference"
              optional
              hint="e.g. the order or listing number"
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
            />
            <TextField
              name="proofUrl"
              label="Proof URL"
              optional
              hint="A link to the sold listing"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://"
            />
          </div>

          <DialogActions
            className="mt-2"
            onCancel={() => onOpenChange(false)}
            pending={record.isPending}
            submitLabel={RECORD_SALE_TEXTS.submit}
            pendingLabel={RECORD_SALE_TEXTS.pending}
          />
        </form>
      </FormProvider>
    </Dialog>
  )
}
