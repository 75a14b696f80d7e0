import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useMemo } from 'react'
import { FormProvider, useController, useForm } from 'react-hook-form'
import type { CreateAlertData } from '#shared/contract/alerts.ts'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { PRICE_STEP } from '#shared/money.ts'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { DialogActions } from '#web/components/ui/dialog-actions.tsx'
import { focusField, NumberField } from '#web/components/ui/form-fields.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ConditionField } from '#web/features/catalogue/index.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { type AlertFormValues, alertBody, alertFormSchema, EMPTY_ALERT_VALUES } from '../alert-form.ts'
import { ALERT_TEXTS, DIRECTION_OPTIONS } from '../alert-texts.ts'
import { useCreateAlert } from '../mutations.ts'

interface SetAlertDialogProps {
  item: Pick<ItemDetail, 'id' | 'type' | 'number' | 'name'>
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The Set Price Alert modal (spec 02 §2): condition, direction (below to start with), the threshold in the
 * display currency, active (on to start with). Checked by the shared contract; the spec's toasts.
 */
export function SetAlertDialog({ item, open, onOpenChange }: SetAlertDialogProps) {
  const { currency, currencyInfo } = useCurrency()
  const create = useCreateAlert()
  const schema = useMemo(() => alertFormSchema(item.id, currency), [item.id, currency])
  const form = useForm<AlertFormValues, unknown, CreateAlertData>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_ALERT_VALUES,
  })

  useEffect(() => {
    if (open) form.reset(EMPTY_ALERT_VALUES)
  }, [open, form])

  const submit = form.handleSubmit(
    () => {
      create.mutate(alertBody(item.id, currency, form.getValues()), {
        onSuccess: () => {
          onOpenChange(false)
          toast({
            title: ALERT_TEXTS.created.title,
            description: ALERT_TEXTS.created.description,
            variant: 'success',
          })
        },
        onError: (error) =>
          toast({
            title: ALERT_TEXTS.created.failure,
            description: serverMessage(error, ALERT_TEXTS.created.failure),
            variant: 'destructive',
          }),
      })
    },
    (errors) =>
      focusField(document.querySelector('form[aria-label="Set Price Alert"]'), Object.keys(errors)[0]),
  )

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={ALERT_TEXTS.dialogTitle}
      description={`${item.number} - ${item.name}`}
      busy={create.isPending}
    >
      <FormProvider {...form}>
        <form noValidate aria-label={ALERT_TEXTS.dialogTitle} onSubmit={submit} className="grid gap-4">
          <ConditionField itemType={item.type} open={open} />
          <DirectionField />
          <NumberField
            name="thresholdValue"
            label={`Price threshold (${currency})`}
            hint={`In your display currency; the alert keeps it in ${currency}.`}
            prefix={currencyInfo.symbol}
            min={PRICE_STEP}
            step={PRICE_STEP}
            placeholder="49.99"
            autoComplete="off"
          />
          <ActiveField />
          <DialogActions
            className="mt-2"
            onCancel={() => onOpenChange(false)}
            pending={create.isPending}
            submitLabel="Create Alert"
            pendingLabel="Creating..."
          />
        </form>
      </FormProvider>
    </Dialog>
  )
}

function DirectionField() {
  const { field } = useController<AlertFormValues, 'direction'>({ name: 'direction' })
  return (
    <ChoiceGroup
      legend="Alert when the price goes"
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      options={DIRECTION_OPTIONS}
    />
  )
}

function ActiveField() {
  const { field } = useController<AlertFormValues, 'active'>({ name: 'active' })
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-sm">
        <span className="font-medium">Active</span>
        <span className="block text-subtle text-xs">A paused alert never fires.</span>
      </span>
      <Switch checked={field.value} onCheckedChange={field.onChange} label="Active" />
    </div>
  )
}
