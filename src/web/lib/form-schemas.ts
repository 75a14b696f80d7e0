/**
 * How a form's text becomes what the contract checks, field by field: each helper takes the text an
 * input holds and pipes it into the contract's own schema for that field, so the form and the server
 * say the same words. (Functions, not constants: a module that only exports them has no side effects,
 * so the screens that never show a form never load zod through it.)
 */
import { z } from 'zod'
import { numberOrNull, textOrNull } from './form-values.ts'
import { NOT_A_NUMBER, NOT_A_NUMBER_MESSAGE } from './number-input.ts'

/** A number input's text: refused at once when the browser could not read it as a number. */
export function numberInputText() {
  return z.string().refine((value) => value !== NOT_A_NUMBER, { message: NOT_A_NUMBER_MESSAGE, abort: true })
}

// The contract's field schemas may refuse null (a required item number): the pipe hands them what
// the body would carry, and their own messages answer it.
type FieldSchema = z.ZodType

/** An optional number input (empty is null) checked by `schema`. */
export function optionalNumberInput<Schema extends FieldSchema>(schema: Schema) {
  return numberInputText()
    .transform(numberOrNull)
    .pipe(schema as unknown as z.ZodType<z.output<Schema>, number | null>)
}

/** An amount typed in a number input, kept as text (empty is null), checked by `schema`. */
export function optionalAmountInput<Schema extends FieldSchema>(schema: Schema) {
  return numberInputText()
    .transform(textOrNull)
    .pipe(schema as unknown as z.ZodType<z.output<Schema>, string | null>)
}

/** An optional text input (empty is null) checked by `schema`. */
export function optionalTextInput<Schema extends FieldSchema>(schema: Schema) {
  return z
    .string()
    .transform(textOrNull)
    .pipe(schema as unknown as z.ZodType<z.output<Schema>, string | null>)
}
