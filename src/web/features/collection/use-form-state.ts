import { useCallback, useRef, useState } from 'react'
import type { BadInputs, FormErrors } from './collection-form.ts'

/**
 * A small form's text values, which number inputs hold text that is not a number, and its messages.
 * Messages appear after the first submit attempt and then follow every change. `validate` may change
 * from render to render (e.g. once conditions load); the latest one is always used.
 */
export function useFormState<Values extends { [Field in keyof Values]: string }>(
  initial: Values,
  validate: (values: Values, badInputs: BadInputs) => FormErrors<Extract<keyof Values, string>>,
) {
  const initialRef = useRef(initial)
  const validateRef = useRef(validate)
  validateRef.current = validate
  const [values, setValues] = useState<Values>(initial)
  const [badInputs, setBadInputs] = useState<ReadonlySet<string>>(() => new Set())
  const [showErrors, setShowErrors] = useState(false)

  const errors: FormErrors<Extract<keyof Values, string>> = showErrors ? validate(values, badInputs) : {}

  const setField = useCallback((field: keyof Values, value: string) => {
    setValues((current) => (current[field] === value ? current : { ...current, [field]: value }))
  }, [])

  /** From a number input's input event: whether it holds text that is not a number. */
  const setBadInput = useCallback((field: keyof Values, bad: boolean) => {
    setBadInputs((current) => {
      const name = String(field)
      if (current.has(name) === bad) return current
      const next = new Set(current)
      if (bad) next.add(name)
      else next.delete(name)
      return next
    })
  }, [])

  const reset = useCallback((next?: Values) => {
    if (next) initialRef.current = next
    setValues(initialRef.current)
    setBadInputs(new Set())
    setShowErrors(false)
  }, [])

  /** Shows the messages from now on and returns them, for a submit handler to decide. */
  const check = () => {
    setShowErrors(true)
    return validateRef.current(values, badInputs)
  }

  return { values, errors, setField, setBadInput, reset, check }
}
