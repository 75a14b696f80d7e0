import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useRef } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { Condition } from '#shared/contract/catalogue.ts'
import type { ItemType } from '#shared/contract/values.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { FormError } from '#web/components/ui/form-field.tsx'
import { focusField } from '#web/components/ui/form-fields.tsx'
import { useConditions } from '#web/features/catalogue/index.ts'
import {
  ENTRY_FIELD_ORDER,
  type EntryFormValues,
  entryFormSchema,
  firstInvalidField,
} from '../collection-form.ts'
import { EntryFields, type EntryFieldsProps } from './entry-fields.tsx'

interface EntryFormProps extends Omit<EntryFieldsProps, 'conditions' | 'conditionsLoading'> {
  /** The form's accessible name. */
  label: string
  itemType: ItemType
  defaultValues: EntryFormValues
  /** The message for no condition (see EntryRules). */
  missingCondition?: string
  submitLabel: string
  pendingLabel: string
  pending: boolean
  /** The server's words for a refused submit. */
  serverError?: string
  onSubmit: (values: EntryFormValues, conditions: readonly Condition[]) => void
  onCancel: () => void
}

/**
 * One collection entry's form: variant A, variant B's details and the edit dialog. Messages appear
 * after the first submit and then follow each change; a failed submit moves focus to the first field
 * to fix. The conditions of the item's type load with it.
 */
export function EntryForm({
  label,
  itemType,
  defaultValues,
  missingCondition,
  submitLabel,
  pendingLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
  ...fields
}: EntryFormProps) {
  const conditions = useConditions(itemType)
  const formRef = useRef<HTMLFormElement>(null)
  const schema = useMemo(
    () => entryFormSchema({ conditions: conditions.data ?? [], missingCondition }),
    [conditions.data, missingCondition],
  )
  const form = useForm<EntryFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: false,
  })
  const submit = form.handleSubmit(
    () => onSubmit(form.getValues(), conditions.data ?? []),
    (errors) => focusField(formRef.current, firstInvalidField(errors, ENTRY_FIELD_ORDER)),
  )

  return (
    <FormProvider {...form}>
      <form ref={formRef} noValidate onSubmit={submit} aria-label={label} className="grid gap-5">
        <fieldset disabled={pending} className="contents">
          <EntryFields conditions={conditions.data} conditionsLoading={conditions.isPending} {...fields} />
        </fieldset>
        {serverError ? <FormError>{serverError}</FormError> : null}
        <FormButtons
          submitLabel={pending ? pendingLabel : submitLabel}
          pending={pending}
          onCancel={onCancel}
        />
      </form>
    </FormProvider>
  )
}

/** Cancel and submit, as the collection's dialogs lay them out. */
export function FormButtons({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: string
  pending: boolean
  onCancel: () => void
}) {
  return (
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
        {submitLabel}
      </button>
    </div>
  )
}
