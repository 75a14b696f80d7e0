import { LoaderCircle } from 'lucide-react'
import { type FormEvent, useId } from 'react'
import type { ImportSource } from '#shared/contract/values.ts'
import { buttonClasses } from '#web/components/ui/button.ts'
import { Card } from '#web/components/ui/card.tsx'
import { Field, FormError, inputClasses } from '#web/components/ui/form-field.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { cn } from '#web/lib/cn.ts'
import { hasUrlField, type ImportInput } from '../import-request.ts'
import { dataLabel, IMPORT_TEXTS, SOURCE_HINTS, SOURCE_OPTIONS } from '../import-texts.ts'
import { FileDrop } from './file-drop.tsx'

interface SourceFormProps {
  input: ImportInput
  onInputChange: (input: ImportInput) => void
  onCheck: () => void
  checking: boolean
  /** The server's words when it refused the file, or the form's when nothing was given. */
  error: string | null
}

/**
 * What to import (spec 02 §2): the source, a web address for the three marketplace sources, a file
 * dropped or chosen, or the data pasted into the textarea the source names.
 */
export function SourceForm({ input, onInputChange, onCheck, checking, error }: SourceFormProps) {
  const sourceId = useId()
  const change = (patch: Partial<ImportInput>) => onInputChange({ ...input, ...patch })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onCheck()
  }
  const withFile = input.files.length > 0

  return (
    <Card as="section" aria-labelledby="import-source-heading" className="p-5 sm:p-6">
      <h2 id="import-source-heading" className="font-bold text-lg">
        Your file
      </h2>
      <form noValidate aria-label="Import a file" onSubmit={submit} className="mt-4 grid gap-5">
        <div className="grid gap-1.5 sm:max-w-xs">
          <label htmlFor={sourceId} className="font-medium text-sm">
            Source
          </label>
          <Select
            id={sourceId}
            value={input.source}
            onValueChange={(source) => change({ source: source as ImportSource })}
            options={SOURCE_OPTIONS}
            disabled={checking}
          />
        </div>
        {hasUrlField(input.source) ? (
          <Field label={IMPORT_TEXTS.url} hint={IMPORT_TEXTS.urlHint} optional>
            {({ id, describedBy }) => (
              <input
                id={id}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://"
                value={input.url}
                disabled={checking || withFile}
                aria-describedby={describedBy}
                onChange={(event) => change({ url: event.target.value })}
                className={inputClasses}
              />
            )}
          </Field>
        ) : null}
        <FileDrop files={input.files} onFilesChange={(files) => change({ files })} disabled={checking} />
        <Field
          label={dataLabel(input.source)}
          hint={withFile ? 'The chosen file is imported instead.' : SOURCE_HINTS[input.source]}
          optional
        >
          {({ id, describedBy }) => (
            <textarea
              id={id}
              rows={8}
              spellCheck={false}
              value={input.data}
              disabled={checking || withFile}
              aria-describedby={describedBy}
              onChange={(event) => change({ data: event.target.value })}
              className={cn(
                inputClasses,
                'h-auto min-h-40 resize-y py-2.5 font-mono text-xs leading-relaxed',
              )}
            />
          )}
        </Field>
        {error ? <FormError>{error}</FormError> : null}
        <div className="flex justify-end">
          <button
            type="submit"
            disabled={checking}
            className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
          >
            {checking ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {checking ? (withFile ? IMPORT_TEXTS.uploading : IMPORT_TEXTS.checking) : IMPORT_TEXTS.check}
          </button>
        </div>
      </form>
    </Card>
  )
}
