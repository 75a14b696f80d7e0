import { useController } from 'react-hook-form'
import { Field } from './form-field.tsx'
import { type FieldFrameProps, Note } from './form-fields.tsx'
import { Select } from './select.tsx'

// Apart from the text and number fields: forms without a select never load Radix Select.

/** A Radix select; `data-field` lets a failed submit move focus to it. */
export function SelectField({
  name,
  label,
  hint,
  optional,
  className,
  note,
  options,
  placeholder,
  disabled,
}: FieldFrameProps & {
  options: ReadonlyArray<{ value: string; label: string; description?: string }>
  placeholder?: string
  disabled?: boolean
}) {
  const { field, fieldState } = useController({ name })
  return (
    <Field
      label={label}
      hint={hint}
      optional={optional}
      error={fieldState.error?.message}
      className={className}
    >
      {({ id, describedBy, invalid }) => (
        <>
          <div data-field={name}>
            <Select
              id={id}
              name={field.name}
              value={field.value as string}
              onValueChange={field.onChange}
              placeholder={placeholder}
              options={options}
              invalid={invalid}
              describedBy={describedBy}
              disabled={disabled}
            />
          </div>
          <Note>{note}</Note>
        </>
      )}
    </Field>
  )
}
