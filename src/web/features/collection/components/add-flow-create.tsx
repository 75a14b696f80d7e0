import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import type { Item, ItemWriteBody } from '#shared/contract/catalogue.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Field, FormError, inputClasses } from '#web/components/ui/form-field.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError, serverError, serverMessage } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useCurrency } from '#web/lib/currency/currency-provider.tsx'
import {
  addEntryBody,
  COST_HINT,
  type ConditionChoice,
  CREATE_FIELD_ORDER,
  type CreateFormValues,
  createItemBody,
  createPrefill,
  type EntryFormValues,
  emptyCreateValues,
  type FormErrors,
  firstInvalidField,
  hasErrors,
  MINIFIGURES_MIN,
  PIECES_MIN,
  serverFieldErrors,
  TOASTS,
  validateCreate,
  YEAR_MIN,
} from '../collection-form.ts'
import { addCollectionEntry, createItem, handledAsUnauthorized } from '../mutations.ts'
import { invalidateCollection, invalidateItemLists, useConditions, useThemeNames } from '../queries.ts'
import { useFormState } from '../use-form-state.ts'
import { EntryFields, focusField, numberInputProps } from './entry-fields.tsx'

/** The item was created but adding it to the collection failed: the caller offers the details again. */
class AddAfterCreateError extends Error {
  constructor(
    readonly item: Item,
    override readonly cause: unknown,
  ) {
    super('The item was created but could not be added to the collection')
  }
}

interface AddFlowCreateProps {
  /** What was searched for: the new item's name or number. */
  query: string
  onCreated: () => void
  /** The item exists now, but adding it failed: go on with it in the details mode. */
  onCreatedNotAdded: (item: Item, values: EntryFormValues) => void
  onCancel: () => void
  onPendingChange: (pending: boolean) => void
}

const TYPES = [
  { value: 'set', label: 'Set' },
  { value: 'minifig', label: 'Minifigure' },
] as const

/**
 * Variant B's create mode (spec 01 §2, §5, §8): the new item's catalogue facts and the entry; submit
 * creates the item (POST /api/items), then adds it (POST /api/collections).
 */
export function AddFlowCreate({
  query,
  onCreated,
  onCreatedNotAdded,
  onCancel,
  onPendingChange,
}: AddFlowCreateProps) {
  const queryClient = useQueryClient()
  const { currency, currencyInfo } = useCurrency()
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const conditionsRef = useRef<readonly ConditionChoice[]>([])
  const form = useFormState<CreateFormValues>(
    emptyCreateValues('set', createPrefill(query)),
    (current, badInputs) => validateCreate(current, { conditions: conditionsRef.current, badInputs }),
  )
  const current = form.values
  const conditions = useConditions(current.type)
  conditionsRef.current = conditions.data ?? []
  const themes = useThemeNames(true)
  const [serverErrors, setServerErrors] = useState<FormErrors<keyof CreateFormValues>>({})
  const [formError, setFormError] = useState<string | undefined>(undefined)

  const errors = { ...serverErrors, ...form.errors }
  const setField = (field: keyof CreateFormValues, value: string) => {
    form.setField(field, value)
    if (serverErrors[field]) setServerErrors(({ [field]: _removed, ...rest }) => rest)
  }

  const create = useMutation({
    mutationFn: async (input: { item: ItemWriteBody; entry: EntryFormValues }) => {
      const item = await createItem(input.item)
      try {
        await addCollectionEntry(
          addEntryBody(input.entry, { itemId: item.id, conditions: conditions.data ?? [], currency }),
        )
      } catch (error) {
        throw new AddAfterCreateError(item, error)
      }
      return item
    },
    onMutate: () => onPendingChange(true),
    onSettled: () => onPendingChange(false),
    onSuccess: async () => {
      toast({ ...TOASTS.created, variant: 'success' })
      onCreated()
      await Promise.all([invalidateCollection(queryClient), invalidateItemLists(queryClient)])
    },
    onError: async (error, input) => {
      console.error(error)
      if (error instanceof AddAfterCreateError) {
        await invalidateItemLists(queryClient)
        if (handledAsUnauthorized(error.cause)) return
        toast({ ...TOASTS.addFailedB, variant: 'destructive' })
        onCreatedNotAdded(error.item, input.entry)
        return
      }
      if (handledAsUnauthorized(error)) return
      const message = serverMessage(error, TOASTS.createFailed)
      toast({ title: 'Error', description: message, variant: 'destructive' })
      const fields = error instanceof ApiError ? serverFieldErrors(error.body) : {}
      if (serverError(error)?.code === 'CONFLICT') fields.number ??= message
      setServerErrors(fields)
      setFormError(message)
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = form.check()
    if (hasErrors(found)) {
      focusField(formRef.current, firstInvalidField(found, CREATE_FIELD_ORDER))
      return
    }
    setServerErrors({})
    setFormError(undefined)
    create.mutate({ item: createItemBody(current), entry: current })
  }

  const handlers = {
    onChange: setField,
    onBadInput: (field: keyof CreateFormValues, bad: boolean) => form.setBadInput(field, bad),
  }
  const isSet = current.type === 'set'
  const pending = create.isPending
  const currentYear = new Date().getFullYear()

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Add new item" className="grid gap-5">
      <fieldset className="grid gap-1.5" disabled={pending}>
        <legend className="mb-1.5 font-medium text-fg text-sm">Type</legend>
        <div className="grid grid-cols-2 gap-2 rounded-lg border border-line-strong bg-canvas p-1">
          {TYPES.map((type) => (
            <label
              key={type.value}
              className={cn(
                'flex h-9 cursor-pointer items-center justify-center rounded-md font-medium text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brick-yellow',
                current.type === type.value ? 'bg-brick-yellow text-neutral-950' : 'text-muted hover:text-fg',
              )}
            >
              <input
                type="radio"
                name="type"
                value={type.value}
                checked={current.type === type.value}
                onChange={() => {
                  setField('type', type.value)
                  setField('conditionId', '')
                }}
                className="sr-only"
              />
              {type.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name} className="sm:col-span-2">
          {(ids) => (
            <input
              id={ids.id}
              name="name"
              autoComplete="off"
              value={current.name}
              onChange={(event) => setField('name', event.target.value)}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              disabled={pending}
              className={inputClasses}
            />
          )}
        </Field>
        <Field label="Item Number" error={errors.number}>
          {(ids) => (
            <input
              id={ids.id}
              name="number"
              autoComplete="off"
              spellCheck={false}
              placeholder={isSet ? 'e.g. 75192-1' : 'e.g. sw0001a'}
              value={current.number}
              onChange={(event) => setField('number', event.target.value)}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              disabled={pending}
              className={cn(inputClasses, 'font-mono')}
            />
          )}
        </Field>
        <Field label="Theme" error={errors.theme}>
          {(ids) => (
            <>
              <input
                id={ids.id}
                name="theme"
                autoComplete="off"
                list={`${id}-themes`}
                placeholder="e.g. Star Wars"
                value={current.theme}
                onChange={(event) => setField('theme', event.target.value)}
                aria-invalid={ids.invalid}
                aria-describedby={ids.describedBy}
                disabled={pending}
                className={inputClasses}
              />
              <datalist id={`${id}-themes`}>
                {(themes.data ?? []).map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field label="Year" optional error={errors.year}>
          {(ids) => (
            <input
              id={ids.id}
              {...numberInputProps('year', handlers)}
              inputMode="numeric"
              min={YEAR_MIN}
              max={currentYear}
              step={1}
              value={current.year}
              onChange={(event) => setField('year', event.target.value)}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              disabled={pending}
              className={cn(inputClasses, 'tabular')}
            />
          )}
        </Field>
        <Field label="Image URL" optional error={errors.imageUrl}>
          {(ids) => (
            <input
              id={ids.id}
              type="url"
              name="imageUrl"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://…"
              value={current.imageUrl}
              onChange={(event) => setField('imageUrl', event.target.value)}
              aria-invalid={ids.invalid}
              aria-describedby={ids.describedBy}
              disabled={pending}
              className={inputClasses}
            />
          )}
        </Field>
        {isSet ? (
          <>
            <Field label="Pieces" optional error={errors.pieces}>
              {(ids) => (
                <input
                  id={ids.id}
                  {...numberInputProps('pieces', handlers)}
                  inputMode="numeric"
                  min={PIECES_MIN}
                  step={1}
                  value={current.pieces}
                  onChange={(event) => setField('pieces', event.target.value)}
                  aria-invalid={ids.invalid}
                  aria-describedby={ids.describedBy}
                  disabled={pending}
                  className={cn(inputClasses, 'tabular')}
                />
              )}
            </Field>
            <Field label="Minifigures" optional error={errors.minifigures}>
              {(ids) => (
                <input
                  id={ids.id}
                  {...numberInputProps('minifigures', handlers)}
                  inputMode="numeric"
                  min={MINIFIGURES_MIN}
                  step={1}
                  value={current.minifigures}
                  onChange={(event) => setField('minifigures', event.target.value)}
                  aria-invalid={ids.invalid}
                  aria-describedby={ids.describedBy}
                  disabled={pending}
                  className={cn(inputClasses, 'tabular')}
                />
              )}
            </Field>
          </>
        ) : null}
      </div>

      <div className="grid gap-4 border-line border-t pt-5">
        <h3 className="font-semibold text-fg text-sm">Your copy</h3>
        <EntryFields
          values={current}
          errors={errors}
          conditions={conditions.data}
          conditionsLoading={conditions.isPending}
          currencySymbol={currencyInfo.symbol}
          priceLabel="Price Paid (per item)"
          priceHint={COST_HINT}
          disabled={pending}
          onChange={setField}
          onBadInput={handlers.onBadInput}
        />
      </div>

      {formError ? <FormError>{formError}</FormError> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          disabled={pending}
          className={buttonClasses('secondary', 'md')}
        >
          Cancel
        </button>
        <button type="submit" disabled={pending} className={buttonClasses('primary', 'md')}>
          {pending ? 'Creating...' : 'Create & Add to Collection'}
        </button>
      </div>
    </form>
  )
}
