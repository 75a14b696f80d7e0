import type { ReactNode } from 'react'
import type { Condition } from '#shared/contract/catalogue.ts'
import { todayUtc } from '#shared/dates.ts'
import { PRICE_STEP } from '#shared/money.ts'
import { NumberField, TextField } from '#web/components/ui/form-fields.tsx'
import { SelectField } from '#web/components/ui/select-field.tsx'
import { QUANTITY_MIN } from '../entry-field-texts.ts'

export interface EntryFieldsProps {
  conditions: readonly Condition[] | undefined
  conditionsLoading?: boolean
  /** The symbol of the currency the price is typed in. */
  currencySymbol: string
  /** 'Cost Basis (per item)' in variant A, 'Price Paid (per item)' in variant B. */
  priceLabel: string
  priceHint?: string
  /** Extra text under the price, e.g. which currency it was entered in. */
  priceNote?: ReactNode
}

/**
 * Condition, quantity, price per item and purchase date (inside the form's FormProvider): the fields
 * every collection form shares.
 */
export function EntryFields({
  conditions,
  conditionsLoading,
  currencySymbol,
  priceLabel,
  priceHint,
  priceNote,
}: EntryFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        name="conditionId"
        label="Condition"
        className="sm:col-span-2"
        placeholder={conditionsLoading ? 'Loading conditions…' : 'Select condition'}
        options={(conditions ?? []).map((condition) => ({
          value: String(condition.id),
          label: condition.label,
          description: condition.description ?? undefined,
        }))}
      />
      <NumberField name="quantity" label="Quantity" inputMode="numeric" min={QUANTITY_MIN} step={1} />
      <NumberField
        name="pricePaid"
        label={priceLabel}
        hint={priceHint}
        note={priceNote}
        prefix={currencySymbol}
        min={0}
        step={PRICE_STEP}
        placeholder="0.00"
      />
      <TextField
        name="purchaseDate"
        label="Purchase Date"
        optional
        type="date"
        max={todayUtc()}
        inputClassName="tabular [color-scheme:dark]"
      />
    </div>
  )
}
