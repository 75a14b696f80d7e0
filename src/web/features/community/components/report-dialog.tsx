import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportPostBody,
} from '#shared/contract/community.ts'
import { Dialog } from '#web/components/ui/dialog.tsx'
import { DialogActions } from '#web/components/ui/dialog-actions.tsx'
import { Field, inputClasses } from '#web/components/ui/form-field.tsx'
import { cn } from '#web/lib/cn.ts'
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts'

const resolver = lazyZodResolver(async () => (await import('../form-schemas.ts')).reportFormSchema)

export interface ReportDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Whose post, e.g. 'Casey Collector's post'. */
  description: string
  pending: boolean
  onSubmit: (body: ReportPostBody) => void
}

/** Reporting a post to the moderators: why (one of the contract's reasons) and, if wished, more words. */
export function ReportDialog({ open, onOpenChange, description, pending, onSubmit }: ReportDialogProps) {
  const form = useForm<ReportPostBody, unknown, ReportPostBody>({
    resolver,
    defaultValues: { reason: undefined, details: '' },
  })
  const { errors } = form.formState
  const details = form.watch('details') ?? ''
  useEffect(() => {
    if (open) form.reset({ reason: undefined, details: '' })
  }, [open, form])
  const submit = form.handleSubmit((body) =>
    onSubmit({ reason: body.reason, details: body.details || undefined }),
  )

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report post"
      description={description}
      busy={pending}
    >
      <form noValidate aria-label="Report post" onSubmit={submit} className="grid grid-cols-1 gap-5">
        <fieldset aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
          <legend className="font-medium text-fg text-sm">Reason</legend>
          <div className="mt-2 grid gap-1.5">
            {REPORT_REASONS.map((reason) => (
              <label
                key={reason}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-line bg-canvas px-3 py-2.5 text-sm transition-colors hover:border-line-strong has-[:checked]:border-brick-yellow has-[:checked]:bg-raised"
              >
                <input
                  type="radio"
                  value={reason}
                  className="size-4 accent-brick-yellow"
                  {...form.register('reason')}
                />
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
          </div>
          {errors.reason ? (
            <p id="report-reason-error" className="mt-1.5 text-[#ff8a8c] text-xs">
              {errors.reason.message}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Details"
          optional
          hint="What should the moderators know?"
          error={errors.details?.message}
        >
          {({ id, describedBy, invalid }) => (
            <>
              <textarea
                id={id}
                rows={3}
                maxLength={REPORT_DETAILS_MAX_LENGTH}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className={cn(inputClasses, 'h-auto min-h-20 resize-y py-2.5 leading-relaxed')}
                {...form.register('details')}
              />
              <p className="text-right text-subtle text-xs tabular" aria-hidden="true">
                {details.length}/{REPORT_DETAILS_MAX_LENGTH}
              </p>
            </>
          )}
        </Field>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={pending}
          submitLabel="Report"
          pendingLabel="Reporting..."
          variant="danger"
        />
      </form>
    </Dialog>
  )
}
