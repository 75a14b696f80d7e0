import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react'
import type { Condition } from '#shared/contract/catalogue.ts'
import { Field, inputClasses } from '#web/components/ui/form-field.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { cn } from '#web/lib/cn.ts'
import {
  type EntryFormValues,
  type FormErrors,
  PRICE_STEP,
  QUANTITY_MIN,
  todayIso,
} from '../collection-form.ts'

export interface FieldHandlers<Field extends string> {
  onChange: (field: Field, value: string) => void
  /** A number input's input event: whether it now holds text that is not a number. */
  onBadInput: (field: Field, bad: boolean) => void
}

/** Props for a number input that reports text it cannot read as a number (React skips that change). */
export function numberInputProps<Field extends string>(field: Field, handlers: FieldHandlers<Field>) {
  return {
    type: 'number',
    inputMode: 'decimal' as const,
    name: field,
    onInput: (event: FormEvent<HTMLInputElement>) =>
      handlers.onBadInput(field, event.currentTarget.validity.badInput),
  }
}

/** An amount input with the currency's symbol in front. */
export function MoneyInput({
  symbol,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { symbol: string }) {
  const padding = symbol.length <= 1 ? 'pl-7' : symbol.length === 2 ? 'pl-9' : 'pl-12'
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted text-sm"
      >
        {symbol}
      </span>
      <input {...props} className={cn(inputClasses, padding, 'tabular', className)} />
    </div>
  )
}

interface EntryFieldsProps extends FieldHandlers<keyof EntryFormValues> {
  values: EntryFormValues
  errors: FormErrors<keyof EntryFormValues>
  conditions: readonly Condition[] | undefined
  conditionsLoading?: boolean
  /** The symbol of the currency the price is typed in. */
  currencySymbol: string
  /** 'Cost Basis (per item)' in variant A, 'Price Paid (per item)' in variant B. */
  priceLabel: string
  priceHint?: string
  /** Extra text under the price, e.g. which currency it was entered in. */
  priceNote?: ReactNode
  disabled?: boolean
}

/** Condition, quantity, price per item and purchase date: the fields every collection form shares. */
export function EntryFields({
  values,
  errors,
  conditions,
  conditionsLoading,
  currencySymbol,
  priceLabel,
  priceHint,
  priceNote,
  disabled,
  onChange,
  onBadInput,
}: EntryFieldsProps) {
  const handlers = { onChange, onBadInput }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Condition" error={errors.conditionId} className="sm:col-span-2">
        {({ id, describedBy, invalid }) => (
          <div data-field="conditionId">
            <Select
              id={id}
              name="conditionId"
              value={values.conditionId}
              onValueChange={(value) => onChange('conditionId', value)}
              placeholder={conditionsLoading ? 'Loading conditions…' : 'Select condition'}
              options={(conditions ?? []).map((condition) => ({
                value: String(condition.id),
                label: condition.label,
                description: condition.description ?? undefined,
              }))}
              invalid={invalid}
              describedBy={describedBy}
              disabled={disabled}
            />
          </div>
        )}
      </Field>
      <Field label="Quantity" error={errors.quantity}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            {...numberInputProps('quantity', handlers)}
            inputMode="numeric"
            min={QUANTITY_MIN}
            step={1}
            value={values.quantity}
            onChange={(event) => onChange('quantity', event.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            disabled={disabled}
            className={cn(inputClasses, 'tabular')}
          />
        )}
      </Field>
      <Field label={priceLabel} hint={priceHint} error={errors.pricePaid}>
        {({ id, describedBy, invalid }) => (
          <>
            <MoneyInput
              id={id}
              symbol={currencySymbol}
              {...numberInputProps('pricePaid', handlers)}
              min={0}
              step={PRICE_STEP}
              placeholder="0.00"
              value={values.pricePaid}
              onChange={(event) => onChange('pricePaid', event.target.value)}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              disabled={disabled}
            />
            {priceNote ? <p className="text-subtle text-xs">{priceNote}</p> : null}
          </>
        )}
      </Field>
      <Field label="Purchase Date" optional error={errors.purchaseDate}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="date"
            name="purchaseDate"
            max={todayIso()}
            value={values.purchaseDate}
            onChange={(event) => onChange('purchaseDate', event.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            disabled={disabled}
            className={cn(inputClasses, 'tabular [color-scheme:dark]')}
          />
        )}
      </Field>
    </div>
  )
}

/** Moves focus to the first field with a message (by its data-field or name), after a failed submit. */
export function focusField(form: HTMLFormElement | null, field: string | undefined): void {
  if (!form || !field) return
  const target =
    form.querySelector<HTMLElement>(`[data-field="${field}"] button, [data-field="${field}"] input`) ??
    form.querySelector<HTMLElement>(`[name="${field}"]:not([aria-hidden="true"])`)
  target?.focus()
}
