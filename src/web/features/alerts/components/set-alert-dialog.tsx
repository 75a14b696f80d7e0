import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useMemo } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import type { CreateAlertData } from '#shared/contract/alerts.ts'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { DialogActions } from '#web/components/ui/dialog-actions.tsx'
import { focusField } from '#web/components/ui/form-fields.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ConditionField } from '#web/features/catalogue/index.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { type AlertFormValues, alertBody, alertFormSchema, EMPTY_ALERT_VALUES } from '../alert-form.ts'
import { ALERT_TEXTS } from '../alert-texts.ts'
import { useCreateAlert } from '../mutations.ts'
import { ActiveField, DirectionField, ThresholdField } from './alert-fields.tsx'

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
  const { currency } = useCurrency()
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
          <ThresholdField
            currency={currency}
            hint={`In your display currency; the alert keeps it in ${currency}.`}
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
