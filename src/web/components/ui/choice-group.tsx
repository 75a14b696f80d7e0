import { cn } from '#web/lib/cn.ts'

interface ChoiceGroupProps<Value extends string> {
  legend: string
  name: string
  value: Value | undefined
  onChange: (value: Value) => void
  options: ReadonlyArray<{ value: Value; label: string; description?: string }>
  disabled?: boolean
  className?: string
}

/**
 * One of a few choices, as radio buttons drawn as tiles side by side (stacked at 375 px when they carry a
 * description). Arrow keys move between them, as native radios do.
 */
export function ChoiceGroup<Value extends string>({
  legend,
  name,
  value,
  onChange,
  options,
  disabled,
  className,
}: ChoiceGroupProps<Value>) {
  const described = options.some((option) => option.description)
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className="font-medium text-fg text-sm">{legend}</legend>
      <div
        className={cn(
          'mt-1.5 grid gap-1 rounded-xl bg-canvas p-1',
          described ? 'sm:grid-flow-col sm:auto-cols-fr' : 'grid-flow-col auto-cols-fr',
        )}
      >
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex flex-col justify-center rounded-lg px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brick-yellow',
              described ? 'items-start text-left' : 'items-center text-center',
              value === option.value ? 'bg-raised text-fg shadow-sm' : 'text-muted hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              // Covers its label, invisible: the whole tile is the radio button.
              className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0 disabled:cursor-not-allowed"
            />
            <span className="font-medium">{option.label}</span>
            {option.description ? <span className="text-subtle text-xs">{option.description}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
