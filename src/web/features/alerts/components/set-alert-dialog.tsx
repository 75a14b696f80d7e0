import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import { Link } from 'wouter'
import type { CreateAlertData } from '#shared/contract/alerts.ts'
import type { ItemDetail } from '#shared/contract/catalogue.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { DialogActions } from '#web/components/ui/dialog-actions.tsx'
import { focusField } from '#web/components/ui/form-fields.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ConditionField, useConditions } from '#web/features/catalogue/index.ts'
import { serverMessage } from '#web/lib/api.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import { priceSummaryQuery } from '#web/lib/item-market.ts'
import { PRICE_BASIS_LABELS } from '#web/lib/labels.ts'
import {
  type AlertFormValues,
  alertBody,
  alertFormSchema,
  EMPTY_ALERT_VALUES,
  firesOnCreateText,
} from '../alert-form.ts'
import {
  ALERT_TEXTS,
  DIRECTION_LABELS,
  fairPriceText,
  firedNowText,
  statusLabel,
  thresholdText,
} from '../alert-texts.ts'
import { useCreateAlert } from '../mutations.ts'
import { useAlerts } from '../queries.ts'
import {
  ActiveField,
  DirectionField,
  FiresAtOnceNote,
  ThresholdField,
  ThresholdShortcuts,
} from './alert-fields.tsx'

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
        onSuccess: (created) => {
          onOpenChange(false)
          toast({
            title: ALERT_TEXTS.created.title,
            description: firedNowText(undefined, created) ?? ALERT_TEXTS.created.description,
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
          <ItemAlerts itemId={item.id} open={open} />
          <ConditionField itemType={item.type} open={open} />
          <DirectionField />
          <ThresholdField
            currency={currency}
            hint={`In your display currency; the alert keeps it in ${currency}.`}
          />
          <TodaysPrice item={item} open={open} />
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

/**
 * The alerts the user already has on this item, so a second one is set knowingly (the same one again is
 * refused); read when the dialog opens, and nothing when there are none or they cannot be read.
 */
function ItemAlerts({ itemId, open }: { itemId: number; open: boolean }) {
  const alerts = useAlerts({ enabled: open })
  const { currency, rates } = useCurrency()
  const mine = alerts.data?.filter((alert) => alert.itemId === itemId) ?? []
  if (mine.length === 0) return null
  return (
    <section
      aria-label={ALERT_TEXTS.itemAlerts}
      className="rounded-lg border border-line bg-raised px-4 py-3 text-sm"
    >
      <h3 className="font-medium">{ALERT_TEXTS.itemAlerts}</h3>
      <ul className="mt-1 grid gap-0.5 text-muted">
        {mine.map((alert) => (
          <li key={alert.id}>
            {alert.condition} · {DIRECTION_LABELS[alert.direction]}{' '}
            <span className="tabular">{thresholdText(alert, currency, rates)}</span> ·{' '}
            {statusLabel(alert.active)}
          </li>
        ))}
      </ul>
      <Link href="/watchlist" className="mt-2 inline-block text-fg underline underline-offset-2">
        {ALERT_TEXTS.manage}
      </Link>
    </section>
  )
}

/**
 * Ours: once a condition is chosen, today's fair price of its grade (the price the alert compares, and the one
 * the item page shows under the modal), shortcuts to a threshold a percentage past it, and a warning when the
 * alert as typed would fire as soon as it is created. Read with the item page's own summary, so it costs no request there.
 */
function TodaysPrice({ item, open }: { item: SetAlertDialogProps['item']; open: boolean }) {
  const { currency, rates, formatAmount } = useCurrency()
  const values = useWatch<AlertFormValues>() as AlertFormValues
  const conditions = useConditions(item.type, open)
  const summary = useQuery({ ...priceSummaryQuery(item.id), enabled: open })
  const grade = conditions.data?.find((condition) => String(condition.id) === values.conditionId)?.grade
  const gradeSummary = grade && summary.data ? summary.data[grade] : undefined
  const fairPriceGbp = gradeSummary?.fairPrice
  const basis = gradeSummary ? PRICE_BASIS_LABELS[gradeSummary.basis] : null
  return (
    <>
      {fairPriceGbp === undefined ? null : (
        <p className="-mt-2 text-muted text-sm">
          {ALERT_TEXTS.fairPriceNow}:{' '}
          <span className="tabular text-fg">{fairPriceText(fairPriceGbp, formatAmount)}</span>
          {basis ? <span className="block text-subtle text-xs">{basis}</span> : null}
        </p>
      )}
      <ThresholdShortcuts fairPriceGbp={fairPriceGbp} currency={currency} rates={rates} />
      <FiresAtOnceNote
        text={fairPriceGbp === undefined ? null : firesOnCreateText(fairPriceGbp, currency, values, rates)}
      />
    </>
  )
}
