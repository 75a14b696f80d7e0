import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import type { Alert, UpdateAlertData } from '#shared/contract/alerts.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { DialogActions } from '#web/components/ui/dialog-actions.tsx'
import { focusField } from '#web/components/ui/form-fields.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { PRICE_BASIS_LABELS } from '#web/lib/labels.ts'
import {
  type AlertFormValues,
  alertChanges,
  alertEditSchema,
  alertEditValues,
  firesOnSaveText,
} from '../alert-form.ts'
import { ALERT_TEXTS, fairPriceText, firedNowText } from '../alert-texts.ts'
import { useUpdateAlert } from '../mutations.ts'
import {
  ActiveField,
  DirectionField,
  FiresAtOnceNote,
  ThresholdField,
  ThresholdShortcuts,
} from './alert-fields.tsx'

/**
 * Changes one alert from the watchlist: direction, threshold and active (its item and condition are what it
 * watches, so they stay). Only what changed is sent; a new threshold or direction is a new question, so the
 * server arms the alert again and checks it against today's price. Keyed by the alert's id where it is used,
 * so the form starts afresh for each alert.
 */
export function EditAlertDialog({ alert, onClose }: { alert: Alert; onClose: () => void }) {
  const { currency: displayCurrency, rates, formatAmount } = useCurrency()
  const update = useUpdateAlert()
  const schema = useMemo(() => alertEditSchema(alert), [alert])
  const [defaultValues] = useState(() => alertEditValues(alert))
  const form = useForm<AlertFormValues, unknown, UpdateAlertData>({
    resolver: zodResolver(schema),
    defaultValues,
  })
  const values = useWatch({ control: form.control }) as AlertFormValues
  const basis = PRICE_BASIS_LABELS[alert.fairPriceBasis]

  const submit = form.handleSubmit(
    () => {
      const body = alertChanges(alert, form.getValues())
      if (!body) {
        onClose()
        return
      }
      update.mutate(
        { id: alert.id, body },
        {
          onSuccess: (saved) => {
            onClose()
            toast({
              title: ALERT_TEXTS.edit.saved,
              description: firedNowText(alert, saved),
              variant: 'success',
            })
          },
          onError: (error) =>
            toast({
              title: ALERT_TEXTS.edit.failure,
              description: serverMessage(error, ALERT_TEXTS.edit.failure),
              variant: 'destructive',
            }),
        },
      )
    },
    (errors) =>
      focusField(
        document.querySelector(`form[aria-label="${ALERT_TEXTS.edit.title}"]`),
        Object.keys(errors)[0],
      ),
  )

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      title={ALERT_TEXTS.edit.title}
      description={`${alert.item.number} - ${alert.item.name}`}
      busy={update.isPending}
    >
      <FormProvider {...form}>
        <form noValidate aria-label={ALERT_TEXTS.edit.title} onSubmit={submit} className="grid gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-line bg-raised px-4 py-3 text-sm">
            <dt className="text-muted">Condition</dt>
            <dd>{alert.condition}</dd>
            <dt className="text-muted">{ALERT_TEXTS.fairPriceNow}</dt>
            <dd>
              <span className="tabular">{fairPriceText(alert.fairPriceGbp, formatAmount)}</span>
              {basis ? <span className="block text-subtle text-xs">{basis}</span> : null}
            </dd>
          </dl>
          <p className="-mt-2 text-subtle text-xs">{ALERT_TEXTS.edit.conditionFixed}</p>
          <DirectionField />
          <ThresholdField
            currency={alert.currency}
            hint={
              alert.currency === displayCurrency
                ? `The alert keeps it in ${alert.currency}.`
                : `In ${alert.currency}, the currency it was set in.`
            }
          />
          <ThresholdShortcuts fairPriceGbp={alert.fairPriceGbp} currency={alert.currency} rates={rates} />
          <FiresAtOnceNote text={firesOnSaveText(alert, values, rates)} />
          <ActiveField />
          <DialogActions
            className="mt-2"
            onCancel={onClose}
            pending={update.isPending}
            submitLabel="Save changes"
            pendingLabel="Saving..."
          />
        </form>
      </FormProvider>
    </Dialog>
  )
}
