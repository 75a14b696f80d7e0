import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useMemo } from 'react'
import { useForm } from 'react-hook-form'
import type { ItemWriteBody, ItemWriteData } from '#shared/contract/catalogue.ts'
import { type CurrencyCode, currencyOf } from '#shared/money.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Field, inputClasses } from '#web/components/ui/form-field.tsx'
import { useThemes } from '#web/features/catalogue/index.ts'
import { cn } from '#web/lib/cn.ts'
import {
  type ItemFormValues,
  type ItemType,
  itemFormSchema,
  itemWriteBody,
  MINIFIGURES_MIN,
  MSRP_HINT,
  MSRP_STEP,
  numberLabel,
  PIECES_MIN,
  YEAR_MIN,
} from '../item-form.ts'

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
  const schema = useMemo(() => itemFormSchema({ currency, mode, msrpChanged: true }), [currency, mode])
  const form = useForm<ItemFormValues, unknown, ItemWriteData>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues,
  })
  const { errors } = form.formState
  const type = form.watch('type')
  const isSet = type === 'set'
  const themeListId = useId()
  const themes = useThemes()
  const themeNames = useMemo(
    () => [...new Set((themes.data ?? []).map((theme) => theme.name))].sort((a, b) => a.localeCompare(b)),
    [themes.data],
  )
  const currentYear = new Date().getFullYear()
  const symbol = currencyOf(currency).symbol

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
    <form noValidate aria-label={label} onSubmit={submit} className="grid gap-5">
      {chooseType ? <TypeChoice value={type} onChange={(next) => form.setValue('type', next)} /> : null}

      <Field label="Name" error={errors.name?.message}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            autoComplete="off"
            maxLength={200}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClasses}
            {...form.register('name')}
          />
        )}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={numberLabel(type)} error={errors.number?.message}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              placeholder={isSet ? 'e.g. 75192-1' : 'e.g. sw0001a'}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={inputClasses}
              {...form.register('number')}
            />
          )}
        </Field>
        <Field label="Theme" error={errors.theme?.message}>
          {({ id, describedBy, invalid }) => (
            <>
              <input
                id={id}
                autoComplete="off"
                maxLength={100}
                list={themeListId}
                placeholder="e.g. Star Wars"
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className={inputClasses}
                {...form.register('theme')}
              />
              <datalist id={themeListId}>
                {themeNames.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </Field>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Release Year" optional error={errors.year?.message}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={YEAR_MIN}
              max={currentYear}
              step={1}
              placeholder={String(currentYear)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={inputClasses}
              {...form.register('year')}
            />
          )}
        </Field>
        <Field label="Image URL" optional error={errors.imageUrl?.message}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://cdn.rebrickable.com/media/sets/…"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={inputClasses}
              {...form.register('imageUrl')}
            />
          )}
        </Field>
      </div>

      {isSet ? (
        <div className="grid gap-5 sm:grid-cols-3">
          <Field label="Piece Count" optional error={errors.pieces?.message}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="number"
                inputMode="numeric"
                min={PIECES_MIN}
                step={1}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className={inputClasses}
                {...form.register('pieces')}
              />
            )}
          </Field>
          <Field label="Minifigures Included" optional error={errors.minifigures?.message}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="number"
                inputMode="numeric"
                min={MINIFIGURES_MIN}
                step={1}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className={inputClasses}
                {...form.register('minifigures')}
              />
            )}
          </Field>
          <Field label="Retail Price (MSRP)" optional hint={MSRP_HINT} error={errors.originalMsrp?.message}>
            {({ id, describedBy, invalid }) => (
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-muted text-sm"
                >
                  {symbol}
                </span>
                <input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={MSRP_STEP}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  className={inputClasses}
                  style={{ paddingLeft: `calc(${symbol.length}ch + 1.25rem)` }}
                  {...form.register('originalMsrp')}
                />
              </div>
            )}
          </Field>
        </div>
      ) : null}

      <div className="mt-2 flex flex-col-reverse gap-3 border-line border-t pt-5 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={buttonClasses('secondary', 'md')}>
          Cancel
        </button>
        <button type="submit" disabled={pending} className={buttonClasses('primary', 'md')}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  )
}

const TYPES: Array<{ value: ItemType; label: string }> = [
  { value: 'set', label: 'Set' },
  { value: 'minifig', label: 'Minifigure' },
]

/** Set or minifigure, as a pair of radio buttons. */
function TypeChoice({ value, onChange }: { value: ItemType; onChange: (type: ItemType) => void }) {
  const name = useId()
  return (
    <fieldset>
      <legend className="font-medium text-fg text-sm">Item Type</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-1 rounded-xl bg-canvas p-1">
        {TYPES.map((type) => (
          <label
            key={type.value}
            className={cn(
              'relative flex items-center justify-center rounded-lg px-3 py-2 font-medium text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brick-yellow',
              value === type.value ? 'bg-raised text-fg shadow-sm' : 'text-muted hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={name}
              value={type.value}
              checked={value === type.value}
              onChange={() => onChange(type.value)}
              // Covers its label, invisible: the whole tile is the radio button.
              className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0"
            />
            {type.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
