import { useController } from 'react-hook-form'
import { FieldFrame, type FieldFrameProps } from './form-fields.tsx'
import { Select } from './select.tsx'

// Apart from the text and number fields: forms without a select never load Radix Select.

/** A Radix select; `data-field` lets a failed submit move focus to it. */
export function SelectField({
  options,
  placeholder,
  disabled,
  ...frame
}: FieldFrameProps & {
  options: ReadonlyArray<{ value: string; label: string; description?: string }>
  placeholder?: string
  disabled?: boolean
}) {
  const { field } = useController({ name: frame.name })
  return (
    <FieldFrame {...frame}>
      {({ id, describedBy, invalid }) => (
        <div data-field={field.name}>
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
      )}
    </FieldFrame>
  )
}
