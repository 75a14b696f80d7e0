import { Zap } from 'lucide-react'
import { useController, useFormContext, useWatch } from 'react-hook-form'
import type { CurrencyCode } from '#shared/contract/values.ts'
import { currencyOf, PRICE_STEP, type RatesPerUsd } from '#shared/money.ts'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { NumberField } from '#web/components/ui/form-fields.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { type AlertFormValues, THRESHOLD_PERCENTS, thresholdFromFairPrice } from '../alert-form.ts'
import { DIRECTION_OPTIONS, thresholdShortcutLabel, thresholdShortcutText } from '../alert-texts.ts'

/** The fields an alert's dialogs share: direction, threshold and active (spec 02 §2). */

export function DirectionField() {
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

/** The threshold, typed in `currency` (shown in the label and as the box's prefix). */
export function ThresholdField({ currency, hint }: { currency: CurrencyCode; hint: string }) {
  return (
    <NumberField
      name="thresholdValue"
      label={`Price threshold (${currency})`}
      hint={hint}
      prefix={currencyOf(currency).symbol}
      min={PRICE_STEP}
      step={PRICE_STEP}
      placeholder="49.99"
      autoComplete="off"
    />
  )
}

/**
 * Ours: a threshold 5, 10 or 20 % past today's fair price (below it for a "below" alert, above for "above"), in
 * `currency`, put in the threshold box with one press; shown only when there is a fair price.
 */
export function ThresholdShortcuts({
  fairPriceGbp,
  currency,
  rates,
}: {
  fairPriceGbp: string | null | undefined
  currency: CurrencyCode
  rates: RatesPerUsd
}) {
  const { setValue } = useFormContext<AlertFormValues>()
  const direction = useWatch<AlertFormValues, 'direction'>({ name: 'direction' })
  if (!fairPriceGbp) return null
  return (
    <fieldset className="-mt-2 text-sm">
      <legend className="mb-1.5 text-muted sm:float-left sm:mr-2 sm:mb-0 sm:py-1.5">
        {thresholdShortcutText}
      </legend>
      <div className="flex flex-wrap gap-2">
        {THRESHOLD_PERCENTS.map((percent) => (
          <button
            key={percent}
            type="button"
            aria-label={thresholdShortcutLabel(direction, percent)}
            onClick={() =>
              setValue(
                'thresholdValue',
                thresholdFromFairPrice(fairPriceGbp, currency, rates, direction, percent),
                {
                  shouldDirty: true,
                  shouldValidate: true,
                },
              )
            }
            className="h-8 rounded-full border border-line-strong bg-surface px-3 font-medium text-muted tabular transition-colors hover:border-muted hover:text-fg"
          >
            {direction === 'below' ? '−' : '+'}
            {percent} %
          </button>
        ))}
      </div>
    </fieldset>
  )
}

export function ActiveField() {
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

/**
 * Ours: says when the alert as typed would fire the moment it is sent (today's fair price already holds it),
 * in a live region so a screen reader hears it appear (kept in place, without a box of its own, so an empty one
 * adds no gap to the form).
 */
export function FiresAtOnceNote({ text }: { text: string | null }) {
  return (
    <div aria-live="polite" className="contents">
      {text ? (
        <p className="flex gap-2 rounded-lg border border-brick-yellow/40 bg-brick-yellow/10 px-3 py-2 text-fg text-sm">
          <Zap aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brick-yellow" />
          {text}
        </p>
      ) : null}
    </div>
  )
}
