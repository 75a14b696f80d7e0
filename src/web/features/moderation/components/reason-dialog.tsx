import { useEffect } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import type { RejectBody } from '#shared/contract/common.ts'
import { REASON_MAX_LENGTH } from '#shared/contract/values.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { DialogActions } from '#web/components/ui/dialog-actions.tsx'
import { Field, inputClasses } from '#web/components/ui/form-field.tsx'
import { cn } from '#web/lib/cn.ts'
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts'

const resolver = lazyZodResolver(() =>
  import('#shared/contract/common.ts').then((module) => module.rejectBodySchema),
)

export interface ReasonDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** What is being refused, e.g. the sale's item and price. */
  description: string
  /** Who reads the reason, under the box. */
  hint: string
  submitLabel: string
  pendingLabel: string
  pending: boolean
  onSubmit: (reason: string) => void
}

/**
 * Asks why something is refused (a sale, an item request): the reason is required, at most 500
 * characters, and checked by the contract's own schema; the dialog stays open while it is sent.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  hint,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
}: ReasonDialogProps) {
  const form = useForm<RejectBody, unknown, { reason: string }>({ resolver, defaultValues: { reason: '' } })
  const { errors } = form.formState
  const length = form.watch('reason').length
  useEffect(() => {
    if (open) form.reset({ reason: '' })
  }, [open, form])
  const submit = form.handleSubmit(({ reason }) => onSubmit(reason))

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} busy={pending}>
      <FormProvider {...form}>
        <form noValidate aria-label={title} onSubmit={submit} className="grid gap-4">
          <Field label="Reason" hint={hint} error={errors.reason?.message}>
            {({ id, describedBy, invalid }) => (
              <>
                <textarea
                  id={id}
                  rows={4}
                  maxLength={REASON_MAX_LENGTH}
                  autoFocus
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  className={cn(inputClasses, 'h-auto min-h-24 resize-y py-2.5 leading-relaxed')}
                  {...form.register('reason')}
                />
                <p className="text-right text-subtle text-xs tabular" aria-hidden="true">
                  {length}/{REASON_MAX_LENGTH}
                </p>
              </>
            )}
          </Field>
          <DialogActions
            onCancel={() => onOpenChange(false)}
            pending={pending}
            submitLabel={submitLabel}
            pendingLabel={pendingLabel}
            variant="danger"
          />
        </form>
      </FormProvider>
    </Dialog>
  )
}
